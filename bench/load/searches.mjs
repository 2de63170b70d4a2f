// The searches members of the busy evening run (one a session, the filters varied), for the server and the baseline.
export const SEARCHES = [
  "gender=female&age_min=25&age_max=45&state=NSW&with_photo=1&sort=last_active",
  "gender=female&age_min=30&age_max=55&state=VIC&sort=last_active",
  "gender=male&age_min=25&age_max=50&state=QLD&with_photo=1&sort=newest",
  "gender=female&age_min=18&age_max=35&sort=last_active",
  "gender=male&age_min=35&age_max=60&state=WA&sort=last_active",
  "gender=female&age_min=40&age_max=70&state=SA&with_photo=1&sort=newest",
];
