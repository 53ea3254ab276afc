import type { CompleteRegistrationInput } from '@trailbuddy/shared/contracts/profile';

export interface DemoUser {
  email: string;
  name: string;
  /** Their own picture, made for the project by tools/generate-art.mjs and served by the web app. */
  portrait: string;
  profile: CompleteRegistrationInput & { preferences: NonNullable<CompleteRegistrationInput['preferences']> };
}

/** The password of every demo account, printed by `npm start`. */
export const DEMO_PASSWORD = 'trailbuddy';

/** Demo users with complete, varied profiles; the first is the demo administrator. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@trailbuddy.app',
    name: 'Ana Ribeiro',
    portrait: '/people/ana.png',
    profile: {
      fullName: 'Ana Ribeiro',
      age: 34,
      gender: 'Female',
      country: 'Portugal',
      city: 'Lisbon',
      skills: { hiking: 'advanced', running: 'intermediate', biking: 'intermediate' },
      bio: 'Curating TrailBuddy trails. Happiest on a coastal path with a flask of coffee.',
      instagram: '@ana.trails',
      preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'adventurous' },
    },
  },
  {
    email: 'miguel@trailbuddy.app',
    name: 'Miguel Santos',
    portrait: '/people/miguel.png',
    profile: {
      fullName: 'Miguel Santos',
      age: 29,
      gender: 'Male',
      country: 'Portugal',
      city: 'Porto',
      skills: { hiking: 'intermediate', running: 'advanced', biking: 'advanced' },
      bio: 'Marathoner training for trail ultras. I like early starts and a fast pace.',
      instagram: '@miguel.runs',
      preferences: { pace: 'fast', communication: 'quiet', adventureLevel: 'adventurous' },
    },
  },
  {
    email: 'sofia@trailbuddy.app',
    name: 'Sofia Martins',
    portrait: '/people/sofia.png',
    profile: {
      fullName: 'Sofia Martins',
      age: 41,
      gender: 'Female',
      country: 'Portugal',
      city: 'Faro',
      skills: { hiking: 'advanced', running: 'beginner', biking: 'beginner' },
      bio: 'Botanist on weekends: I stop for every wildflower. Looking for relaxed, chatty hikes.',
      instagram: '@sofia.outdoors',
      preferences: { pace: 'relaxed', communication: 'chatty', adventureLevel: 'moderate' },
    },
  },
  {
    email: 'lucas@trailbuddy.app',
    name: 'Lucas García',
    portrait: '/people/lucas.png',
    profile: {
      fullName: 'Lucas García',
      age: 23,
      gender: 'Male',
      country: 'Spain',
      city: 'Madrid',
      skills: { hiking: 'beginner', running: 'intermediate', biking: 'intermediate' },
      bio: 'New to hiking, comfortable running 10 km. Happy to learn from more experienced buddies.',
      instagram: '@lucas.moves',
      preferences: { pace: 'moderate', communication: 'balanced', adventureLevel: 'cautious' },
    },
  },
  {
    email: 'camille@trailbuddy.app',
    name: 'Camille Laurent',
    portrait: '/people/camille.png',
    profile: {
      fullName: 'Camille Laurent',
      age: 37,
      gender: 'Female',
      country: 'France',
      city: 'Lyon',
      skills: { hiking: 'intermediate', running: 'intermediate', biking: 'advanced' },
      bio: 'Gravel biker and hiker. I plan the route, you bring the snacks and the good stories.',
      instagram: '@camille.gravel',
      preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' },
    },
  },
  {
    email: 'giulia@trailbuddy.app',
    name: 'Giulia Rossi',
    portrait: '/people/giulia.png',
    profile: {
      fullName: 'Giulia Rossi',
      age: 31,
      gender: 'Female',
      country: 'Italy',
      city: 'Milan',
      skills: { hiking: 'advanced', running: 'advanced', biking: 'intermediate' },
      bio: 'Mountain runner from the Alps. Long days, big climbs, and a pizza afterwards.',
      instagram: '@giulia.vertical',
      preferences: { pace: 'fast', communication: 'balanced', adventureLevel: 'adventurous' },
    },
  },
  {
    email: 'noah@trailbuddy.app',
    name: 'Noah Keller',
    portrait: '/people/noah.png',
    profile: {
      fullName: 'Noah Keller',
      age: 45,
      gender: 'Male',
      country: 'Switzerland',
      city: 'Zurich',
      skills: { hiking: 'intermediate', running: 'beginner', biking: 'beginner' },
      bio: 'Photographer who hikes. I take it slow and always carry a spare tripod leg.',
      instagram: '@noah.frames',
      preferences: { pace: 'relaxed', communication: 'quiet', adventureLevel: 'cautious' },
    },
  },
  {
    email: 'ingrid@trailbuddy.app',
    name: 'Ingrid Berg',
    portrait: '/people/ingrid.png',
    profile: {
      fullName: 'Ingrid Berg',
      age: 27,
      gender: 'Female',
      country: 'Norway',
      city: 'Bergen',
      skills: { hiking: 'advanced', running: 'intermediate', biking: 'advanced' },
      bio: 'Fjord hiker in every weather. Rain is just liquid sunshine, bring a good jacket.',
      instagram: '@ingrid.fjords',
      preferences: { pace: 'fast', communication: 'chatty', adventureLevel: 'adventurous' },
    },
  },
  {
    email: 'sam@trailbuddy.app',
    name: 'Sam Taylor',
    portrait: '/people/sam.png',
    profile: {
      fullName: 'Sam Taylor',
      age: 52,
      gender: 'Other',
      country: 'United Kingdom',
      city: 'London',
      skills: { hiking: 'intermediate', running: 'intermediate', biking: 'intermediate' },
      bio: 'Weekend explorer of European trails, collecting summits and good conversations.',
      instagram: '@sam.wanders',
      preferences: { pace: 'moderate', communication: 'balanced', adventureLevel: 'moderate' },
    },
  },
];
