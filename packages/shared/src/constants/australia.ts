/** Australian states and territories with cities and towns members pick from. */
export const australianStates = [
  {
    code: "NSW",
    name: "New South Wales",
    cities: [
      "Sydney",
      "Newcastle",
      "Wollongong",
      "Central Coast",
      "Wagga Wagga",
      "Albury",
      "Port Macquarie",
      "Tamworth",
      "Orange",
      "Dubbo",
      "Byron Bay",
      "Coffs Harbour",
    ],
  },
  {
    code: "VIC",
    name: "Victoria",
    cities: ["Melbourne", "Geelong", "Ballarat", "Bendigo", "Shepparton", "Mildura", "Warrnambool", "Traralgon"],
  },
  {
    code: "QLD",
    name: "Queensland",
    cities: [
      "Brisbane",
      "Gold Coast",
      "Sunshine Coast",
      "Townsville",
      "Cairns",
      "Toowoomba",
      "Mackay",
      "Rockhampton",
      "Bundaberg",
      "Hervey Bay",
    ],
  },
  {
    code: "WA",
    name: "Western Australia",
    cities: ["Perth", "Fremantle", "Mandurah", "Bunbury", "Geraldton", "Kalgoorlie", "Broome", "Albany"],
  },
  {
    code: "SA",
    name: "South Australia",
    cities: ["Adelaide", "Mount Gambier", "Whyalla", "Murray Bridge", "Port Lincoln", "Victor Harbor"],
  },
  { code: "TAS", name: "Tasmania", cities: ["Hobart", "Launceston", "Devonport", "Burnie"] },
  { code: "ACT", name: "Australian Capital Territory", cities: ["Canberra", "Queanbeyan"] },
  { code: "NT", name: "Northern Territory", cities: ["Darwin", "Alice Springs", "Palmerston", "Katherine"] },
] as const;

export type AustralianStateCode = (typeof australianStates)[number]["code"];
export const australianStateCodes = australianStates.map((state) => state.code) as [
  AustralianStateCode,
  ...AustralianStateCode[],
];
