import { ChatIcon, HeartIcon, WinkIcon } from "../../ui/icons";
import { ClosingCall, JoinLink, ReasonGrid, TrustPoints } from "./MarketingPieces";

const stories = [
  { name: "Mia", ring: "from-amber-300 via-rose-500 to-velvet-500", fill: "from-rose-300 to-velvet-400" },
  { name: "Jade", ring: "from-rose-400 to-velvet-600", fill: "from-amber-200 to-rose-400" },
  { name: "Sam", ring: "from-amber-300 to-rose-500", fill: "from-velvet-300 to-velvet-600" },
  { name: "Lexi", ring: "from-rose-500 to-amber-300", fill: "from-rose-200 to-rose-500" },
];

const reasons = [
  {
    title: "Every like means something",
    text: "Here a like is a hint, not a habit. When someone taps your profile, they want you to notice.",
  },
  {
    title: "The DMs are the point",
    text: "No algorithm deciding who sees you and no influencers: just profiles, winks and private messages.",
  },
  {
    title: "No followers needed",
    text: "Nobody counts your followers. A good line and a little curiosity are all it takes.",
  },
];

const taps = [
  { icon: HeartIcon, title: "Like", text: "Show a profile you're interested." },
  { icon: WinkIcon, title: "Wink", text: "Turn up the heat with one tap." },
  { icon: ChatIcon, title: "Chat", text: "Slide into a private conversation." },
];

/** A drawn phone with stories and a post: gradients only, never a real photo. */
function FeedPhone() {
  return (
    <div className="relative mx-auto w-64 sm:w-72" aria-hidden="true">
      <div className="absolute -inset-10 rounded-full bg-gradient-to-tr from-amber-300/40 via-rose-500/40 to-velvet-500/40 blur-3xl" />
      <div className="relative rounded-[2.5rem] border-[10px] border-velvet-950 bg-white p-3 shadow-lift">
        <div className="mx-auto mb-3 h-1.5 w-16 rounded-pill bg-velvet-100" />
        <div className="flex gap-2.5 overflow-hidden pb-3">
          {stories.map((story) => (
            <div key={story.name} className="flex flex-col items-center gap-1">
              <span className={`rounded-full bg-gradient-to-tr p-[2.5px] ${story.ring}`}>
                <span className={`block size-11 rounded-full border-2 border-white bg-gradient-to-br ${story.fill}`} />
              </span>
              <span className="text-[10px] font-semibold text-ink">{story.name}</span>
            </div>
          ))}
        </div>
        <div className="overflow-hidden rounded-2xl bg-cream-100">
          <div className="flex items-center gap-2 p-2.5">
            <span className="size-7 rounded-full bg-gradient-to-br from-rose-400 to-velvet-500" />
            <span className="text-xs font-bold text-ink">mia.after.dark</span>
            <span className="ml-auto text-[10px] font-semibold text-online">● online</span>
          </div>
          <div className="aspect-square bg-gradient-to-br from-amber-200 via-rose-400 to-velvet-700" />
          <div className="flex items-center gap-3 p-2.5 text-rose-500">
            <HeartIcon className="size-5 fill-rose-500" />
            <ChatIcon className="size-5 text-ink" />
            <WinkIcon className="size-5 text-ink" />
            <span className="ml-auto text-[10px] font-semibold text-muted">liked by you</span>
          </div>
        </div>
      </div>
      <div className="absolute top-1/2 -right-6 rounded-2xl bg-white px-3.5 py-2.5 text-xs font-semibold text-ink shadow-card sm:-right-12">
        <span className="block text-[10px] text-muted">New message</span>
        "Saw you liked my post..."
      </div>
    </div>
  );
}

/** /instagram-for-sex: the familiar feed, minus the audience: likes and DMs that lead somewhere. */
export default function InstagramForSexPage() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-velvet-950 via-[#5b1247] to-[#c2410c] pt-16">
        <div className="pointer-events-none absolute top-10 left-1/3 size-[26rem] rounded-full bg-rose-500/30 blur-3xl" />
        <div className="page-container relative grid items-center gap-14 py-14 sm:py-20 lg:grid-cols-2">
          <div className="space-y-6 text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-pill bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-amber-100 uppercase">
              Like. Wink. Chat.
            </p>
            <h1 className="text-4xl leading-tight font-semibold text-white sm:text-5xl lg:text-6xl">
              Like Instagram, but{" "}
              <span className="bg-gradient-to-r from-amber-200 to-rose-300 bg-clip-text text-transparent italic">
                the DMs are the point
              </span>
            </h1>
            <p className="mx-auto max-w-xl text-lg text-white/85 lg:mx-0">
              Scroll profiles from Sydney to Perth, like what you see and slide into private chats made for adults. No
              audience, no algorithm, just flirting.
            </p>
            <div className="flex flex-col items-center gap-4 lg:items-start">
              <JoinLink>Start scrolling free</JoinLink>
              <TrustPoints points={["Private profile", "No followers", "Adults 18+ only"]} />
            </div>
          </div>
          <FeedPhone />
        </div>
      </section>

      <section className="bg-white py-14">
        <div className="page-container">
          <h2 className="text-center text-2xl font-semibold text-velvet-900 sm:text-3xl">
            From scroll to chat in three taps
          </h2>
          <ol className="mt-8 grid gap-4 sm:grid-cols-3">
            {taps.map((tap, index) => (
              <li key={tap.title} className="flex items-center gap-4 rounded-2xl bg-cream-100 p-5">
                <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-gradient-to-tr from-amber-400 via-rose-500 to-velvet-500 text-white shadow-glow">
                  <tap.icon className="size-6" />
                </span>
                <div>
                  <p className="font-semibold text-velvet-900">
                    {index + 1}. {tap.title}
                  </p>
                  <p className="text-sm text-muted">{tap.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <ReasonGrid heading="Social media, without the show" reasons={reasons} />

      <ClosingCall
        heading="Your feed is ready"
        text="Join free, add a photo if you like, and see who likes you back."
        action="Create my free profile"
      />
    </>
  );
}
