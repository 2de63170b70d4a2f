import { australianStates } from "@velvet/shared/constants/australia";
import type { Gender, Seeking } from "@velvet/shared/constants/profile-options";
import type { Random } from "./random";

const FEMALE_NAMES = [
  "Jess",
  "Chloe",
  "Mia",
  "Sophie",
  "Emily",
  "Olivia",
  "Ruby",
  "Isla",
  "Grace",
  "Zoe",
  "Amelia",
  "Lily",
  "Hannah",
  "Sarah",
  "Kate",
  "Bec",
  "Mel",
  "Tash",
  "Kylie",
  "Shaz",
  "Leah",
  "Tahlia",
  "Brooke",
  "Jade",
  "Ella",
  "Maddie",
  "Georgia",
  "Holly",
  "Imogen",
  "Sienna",
  "Bella",
  "Tayla",
  "Courtney",
  "Renee",
  "Nikki",
  "Steph",
  "Lauren",
  "Claire",
  "Dani",
  "Kim",
  "Amber",
  "Skye",
  "Monique",
  "Tanya",
  "Belinda",
  "Rachel",
  "Vanessa",
  "Carly",
  "Alana",
  "Jasmine",
];
const MALE_NAMES = [
  "Jack",
  "Liam",
  "Noah",
  "Oliver",
  "Ethan",
  "Josh",
  "Lachie",
  "Mitch",
  "Brad",
  "Dan",
  "Tom",
  "Sam",
  "Ben",
  "Luke",
  "Matt",
  "Jake",
  "Ryan",
  "Nathan",
  "Callum",
  "Hamish",
  "Riley",
  "Cooper",
  "Harrison",
  "Zac",
  "Kieran",
  "Shane",
  "Darren",
  "Craig",
  "Wayne",
  "Troy",
  "Dean",
  "Scott",
  "Aaron",
  "Blake",
  "Jordan",
];
const USERNAME_STYLES = [
  (name: string, city: string, n: number) => `${name}_${city}`.slice(0, 17) + (n % 100).toString().padStart(2, "0"),
  (name: string, _city: string, n: number) => `${name}${1960 + (n % 60)}`,
  (name: string, city: string, n: number) => `${city.slice(0, 8)}${name}${n % 10}`,
  (name: string, _city: string, n: number) => `Sweet${name}${n % 1000}`,
  (name: string, _city: string, n: number) => `Its${name}_${n % 100}`,
  (name: string, _city: string, n: number) => `${name}-xo-${n % 1000}`,
];
const HEADLINES = [
  "Up for a cheeky chat?",
  "Looking for someone to make me laugh",
  "Sunsets, wine and good company",
  "New in town and curious",
  "Life's too short to be boring",
  "Beach walks and late-night talks",
  "Cheeky smile, kind heart",
  "Let's see where this goes",
  "Adventurous and a little bit naughty",
  "Good vibes only",
  "Looking for a partner in crime",
  "Coffee first, then we'll see",
  "Discreet and fun-loving",
  "Not here for small talk",
];
const BIO_OPENERS = [
  "I'm a down-to-earth {age}-year-old from {city} who loves a good laugh.",
  "Born and raised in {state}, now calling {city} home.",
  "Work hard, play harder. Based in {city}.",
  "Honest, easygoing and always up for something new.",
  "Recently single and ready to have some fun again.",
  "I'm told I have a wicked sense of humour and a very cheeky smile.",
];
const BIO_MIDDLES = [
  "Weekends you'll find me at the beach or at a little wine bar.",
  "I love cooking, road trips and long conversations that go past midnight.",
  "Gym in the morning, Netflix at night, and a soft spot for live music.",
  "Big fan of camping under the stars and a cold one by the fire.",
  "I'm a bit of a foodie and always hunting the best brunch spot.",
  "Dog person, coffee snob and a terrible dancer who dances anyway.",
  "I travel whenever I can and I'm always planning the next escape.",
];
const BIO_CLOSERS = [
  "Send me a message and let's see if we click.",
  "If you can make me laugh, you're halfway there.",
  "Say hi, I don't bite... much.",
  "Looking for chemistry, good banter and no drama.",
  "Tell me your favourite spot in {city}.",
];
const INTERESTS = [
  "Beach",
  "Travel",
  "Wine",
  "Cooking",
  "Fitness",
  "Music",
  "Movies",
  "Camping",
  "Dancing",
  "Photography",
  "Gaming",
  "Footy",
  "Yoga",
  "Reading",
  "Art",
  "Surfing",
  "Coffee",
  "Hiking",
  "Fashion",
  "Nightlife",
];

export interface DemoProfile {
  username: string;
  gender: Gender;
  seeking: Seeking;
  birthdate: string;
  state: string;
  city: string;
  headline: string;
  aboutMe: string;
  bodyType: number;
  eyeColor: number;
  hairColor: number;
  tattoosPiercings: number;
  heightCm: number;
  relationshipStatus: number;
  lookingFor: number;
  interests: string[];
  lastActiveMinutesAgo: number;
  onlineHours: number[];
}

/**
 * A window of 4 to 9 hours of the site's day, starting at a different hour for
 * each profile, so some fictional profiles are online at any hour of the Australian day.
 */
export function onlineWindow(index: number, random: Random): number[] {
  const start = (index * 7 + random.int(0, 3)) % 24;
  const length = random.int(4, 9);
  return Array.from({ length }, (_, offset) => (start + offset) % 24);
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_whole, key: string) => String(values[key] ?? ""));
}

/** A birthdate that makes the person exactly `age` today (plus some days), as YYYY-MM-DD. */
export function birthdateForAge(age: number, extraDays: number, today = new Date()): string {
  const date = new Date(Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate()));
  date.setUTCDate(date.getUTCDate() - extraDays);
  return date.toISOString().slice(0, 10);
}

/** Ages skew young-to-middle, as on real sites, but cover 18 to 70. */
function pickAge(random: Random): number {
  const roll = random.next();
  if (roll < 0.35) return random.int(18, 29);
  if (roll < 0.7) return random.int(30, 44);
  if (roll < 0.9) return random.int(45, 57);
  return random.int(58, 70);
}

export function generateDemoProfiles(count: number, random: Random): DemoProfile[] {
  const profiles: DemoProfile[] = [];
  const taken = new Set<string>();
  for (let index = 0; profiles.length < count; index++) {
    const gender: Gender = random.chance(0.72) ? "female" : "male";
    const name = random.pick(gender === "female" ? FEMALE_NAMES : MALE_NAMES);
    // Weighted towards the big cities, as members are.
    const state = random.chance(0.6) ? random.pick(australianStates.slice(0, 4)) : random.pick(australianStates);
    const city = random.chance(0.55) ? state.cities[0] : random.pick(state.cities);
    const cityWord = city.replace(/[^A-Za-z]/g, "");
    const username = random
      .pick(USERNAME_STYLES)(name, cityWord, index * 7 + 13)
      .slice(0, 20);
    if (taken.has(username.toLowerCase()) || username.length < 3) continue;
    taken.add(username.toLowerCase());
    const age = pickAge(random);
    const values = { age, city, state: state.name };
    profiles.push({
      username,
      gender,
      seeking: gender === "female" ? (random.chance(0.85) ? "male" : "both") : random.chance(0.9) ? "female" : "both",
      birthdate: birthdateForAge(age, random.int(1, 360)),
      state: state.code,
      city,
      headline: random.pick(HEADLINES),
      aboutMe: [random.pick(BIO_OPENERS), random.pick(BIO_MIDDLES), random.pick(BIO_CLOSERS)]
        .map((part) => fill(part, values))
        .join(" "),
      bodyType: random.int(2, 7),
      eyeColor: random.int(2, 6),
      hairColor: random.int(2, 7),
      tattoosPiercings: random.int(1, 3),
      heightCm: gender === "female" ? random.int(152, 180) : random.int(165, 198),
      relationshipStatus: random.pick([1, 1, 1, 2, 3, 4, 5, 7]),
      lookingFor: random.int(1, 5),
      interests: random.sample(INTERESTS, random.int(3, 6)),
      lastActiveMinutesAgo: random.chance(0.25) ? random.int(0, 10) : random.int(11, 60 * 24 * 14),
      onlineHours: onlineWindow(profiles.length, random),
    });
  }
  return profiles;
}
