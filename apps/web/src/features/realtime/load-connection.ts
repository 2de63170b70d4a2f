/** pusher-js and the connection code load on demand, in their own chunk, once a member is signed in. */
export const loadRealtimeConnection = () => import("./connect");
