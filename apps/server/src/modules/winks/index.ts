// The winks module's public surface: other modules and the app's wiring import only this file.
export { countLikeOrWink } from "./daily-limit";
export { recordWink } from "./record-wink";
