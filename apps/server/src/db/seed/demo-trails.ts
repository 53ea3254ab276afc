import type { Activity, Difficulty } from '@trailbuddy/shared/contracts/enums';
import type { WeekendDay } from '@trailbuddy/shared/domain/schedule';

export interface DemoTrail {
  name: string;
  location: string;
  length: string;
  hours: number;
  difficulty: Difficulty;
  activity: Activity;
  weekendDay: WeekendDay;
  description: string;
  linkmap: string;
  /** Base name of the bundled image pair in seed/images/{places,maps}/. */
  art: string;
  /** Where the trail starts: the point its map link shows (ADR 0057). */
  trailhead: { latitude: number; longitude: number };
}

/** The bundled route of a demo trail in seed/routes/, made by tools/generate-demo-routes.mjs. */
export const demoRouteFile = (trail: Pick<DemoTrail, 'name'>) =>
  `${trail.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.gpx`;

const osm = (lat: number, lon: number, zoom = 13) => `https://www.openstreetmap.org/#map=${zoom}/${lat}/${lon}`;

/** Demo sessions across the home filter's six countries, with the bundled place images. */
export const DEMO_TRAILS: DemoTrail[] = [
  {
    name: 'Sintra Palaces Loop',
    location: 'Sintra, Portugal',
    length: '10.1 km',
    hours: 3.5,
    difficulty: 'Moderate',
    activity: 'hiking',
    weekendDay: 'saturday',
    description:
      'A forest loop through the Sintra hills, climbing past mossy boulders and fern gullies to the Moorish Castle walls and the painted terraces of Pena Palace. On clear days the Atlantic shows on the horizon. Shady most of the way; the last climb to the castle is steep but short, with benches at the top.',
    linkmap: osm(38.7876, -9.3906),
    trailhead: { latitude: 38.7876, longitude: -9.3906 },
    art: 'pine-forest',
  },
  {
    name: 'Tagus Riverside Run',
    location: 'Lisbon, Portugal',
    length: '8.4 km',
    hours: 1,
    difficulty: 'Easy',
    activity: 'running',
    weekendDay: 'sunday',
    description:
      'Flat waterfront running from Cais do Sodré to Belém along the Tagus, past the MAAT and the Padrão dos Descobrimentos. Wide paths, water fountains and plenty of cafés for the cool-down.',
    linkmap: osm(38.6979, -9.1896, 14),
    trailhead: { latitude: 38.6979, longitude: -9.1896 },
    art: 'riverside-path',
  },
  {
    name: 'Seven Hanging Valleys',
    location: 'Faro, Portugal',
    length: '11.7 km',
    hours: 4,
    difficulty: 'Moderate',
    activity: 'hiking',
    weekendDay: 'saturday',
    description:
      'The Algarve cliff-top trail from Praia da Marinha to Vale Centeanes: golden limestone arches, sea caves and hidden coves, with the path dipping into each hanging valley. Little shade, so bring water and a hat. Several beaches along the way are reachable by stairs for a swim.',
    linkmap: osm(37.0897, -8.4127),
    trailhead: { latitude: 37.0897, longitude: -8.4127 },
    art: 'coastal-cliffs',
  },
  {
    name: 'Gerês Waterfalls Circuit',
    location: 'Braga, Portugal',
    length: '9.3 km',
    hours: 3.5,
    difficulty: 'Challenging',
    activity: 'hiking',
    weekendDay: 'sunday',
    description:
      'Rocky granite paths in Peneda-Gerês National Park linking three waterfalls and their clear pools. Expect scrambling over wet rock near the Arado falls and steep stone steps on the return.',
    linkmap: osm(41.7272, -8.1581),
    trailhead: { latitude: 41.7272, longitude: -8.1581 },
    art: 'waterfall-gorge',
  },
  {
    name: 'Douro Vineyard Ride',
    location: 'Porto, Portugal',
    length: '32 km',
    hours: 3,
    difficulty: 'Moderate',
    activity: 'biking',
    weekendDay: 'saturday',
    description:
      'Quiet roads and gravel tracks winding through the terraced vineyards of the Douro valley, with views over the river bends and a long, rewarding descent to Pinhão.',
    linkmap: osm(41.1918, -7.5466, 12),
    trailhead: { latitude: 41.1918, longitude: -7.5466 },
    art: 'vineyard-valley',
  },
  {
    name: 'Camí de Ronda Coastal Path',
    location: 'Girona, Spain',
    length: '12.5 km',
    hours: 4,
    difficulty: 'Moderate',
    activity: 'hiking',
    weekendDay: 'sunday',
    description:
      'The Costa Brava coastal path between Calella de Palafrugell and Begur, threading through pine-fringed coves, fishing villages and cliff-side steps carved into the rock.',
    linkmap: osm(41.8887, 3.1853),
    trailhead: { latitude: 41.8887, longitude: 3.1853 },
    art: 'island-bay',
  },
  {
    name: 'Retiro Park Morning Run',
    location: 'Madrid, Spain',
    length: '6.2 km',
    hours: 1,
    difficulty: 'Easy',
    activity: 'running',
    weekendDay: 'saturday',
    description:
      'A loop of the Retiro park: the boating lake, the Crystal Palace and the rose garden, on soft sandy paths shaded by chestnut trees.',
    linkmap: osm(40.4153, -3.6845, 15),
    trailhead: { latitude: 40.4153, longitude: -3.6845 },
    art: 'city-park',
  },
  {
    name: 'Calanques Ridge Trail',
    location: 'Marseille, France',
    length: '14 km',
    hours: 5,
    difficulty: 'Challenging',
    activity: 'hiking',
    weekendDay: 'saturday',
    description:
      'White limestone ridges above the turquoise inlets of Sormiou and Morgiou. Exposed, rocky and hot in summer, with some hands-on sections; the views over the calanques are among the best in the Mediterranean.',
    linkmap: osm(43.2115, 5.4381),
    trailhead: { latitude: 43.2115, longitude: 5.4381 },
    art: 'canyon',
  },
  {
    name: 'Lac d’Annecy Lakeside Loop',
    location: 'Annecy, France',
    length: '16 km',
    hours: 2,
    difficulty: 'Easy',
    activity: 'biking',
    weekendDay: 'sunday',
    description:
      'The green cycle path along the west shore of Lake Annecy, flat and car-free, with swimming beaches, mountain views and a bakery stop in Sévrier.',
    linkmap: osm(45.8566, 6.1663, 12),
    trailhead: { latitude: 45.8566, longitude: 6.1663 },
    art: 'lakeside',
  },
  {
    name: 'Sentiero degli Dei',
    location: 'Naples, Italy',
    length: '7.8 km',
    hours: 3,
    difficulty: 'Moderate',
    activity: 'hiking',
    weekendDay: 'saturday',
    description:
      'The Path of the Gods from Bomerano to Nocelle high above the Amalfi Coast: terraced lemon groves, goat tracks and a sheer drop to the sea, ending with the long stairway down to Positano.',
    linkmap: osm(40.6287, 14.5141),
    trailhead: { latitude: 40.6287, longitude: 14.5141 },
    art: 'sandy-coast',
  },
  {
    name: 'Dolomites Meadow Circuit',
    location: 'Bolzano, Italy',
    length: '13.2 km',
    hours: 4.5,
    difficulty: 'Challenging',
    activity: 'hiking',
    weekendDay: 'sunday',
    description:
      'Alpine meadows of the Seiser Alm beneath the Sassolungo towers, with wooden huts for lunch, wildflowers in early summer and a steady climb to the Mahlknecht hut.',
    linkmap: osm(46.5405, 11.6317),
    trailhead: { latitude: 46.5405, longitude: 11.6317 },
    art: 'alpine-meadow',
  },
  {
    name: 'Lavaux Terraces Run',
    location: 'Lausanne, Switzerland',
    length: '10 km',
    hours: 1.5,
    difficulty: 'Moderate',
    activity: 'running',
    weekendDay: 'saturday',
    description:
      'A rolling run through the UNESCO-listed Lavaux vineyard terraces above Lake Geneva, on quiet farm lanes with the Alps across the water.',
    linkmap: osm(46.4925, 6.7465),
    trailhead: { latitude: 46.4925, longitude: 6.7465 },
    art: 'rolling-hills',
  },
  {
    name: 'Zermatt Five Lakes Walk',
    location: 'Zermatt, Switzerland',
    length: '9.8 km',
    hours: 3,
    difficulty: 'Moderate',
    activity: 'hiking',
    weekendDay: 'sunday',
    description:
      'Five mountain lakes below the Matterhorn, three of them mirroring the peak on calm mornings. Start at Blauherd and descend gently past Stellisee, Grindjisee and Leisee.',
    linkmap: osm(46.0207, 7.7491),
    trailhead: { latitude: 46.0207, longitude: 7.7491 },
    art: 'mountain-ridge',
  },
  {
    name: 'Preikestolen Cliff Hike',
    location: 'Stavanger, Norway',
    length: '8 km',
    hours: 4,
    difficulty: 'Challenging',
    activity: 'hiking',
    weekendDay: 'saturday',
    description:
      'The classic climb to Pulpit Rock, a flat granite platform 604 m above the Lysefjord. Stone steps, boardwalks over bog and a final exposed ledge; start early to beat the crowds.',
    linkmap: osm(58.9864, 6.1904),
    trailhead: { latitude: 58.9864, longitude: 6.1904 },
    art: 'autumn-woods',
  },
];
