import type { SVGProps } from 'react';

/**
 * The icons of the two pages the server renders (ADR 0023), the home with its chrome and a trail's
 * page, as plain SVG (ADR 0072). Drawn with lucide-react, each icon costs little but the package's
 * renderer (its Icon component, the node builder and its helpers) came with them: 1.5 KB gzip of
 * the home's 100 KB (architecture §7) for eleven fixed pictures, and on a trail's page each icon it
 * shares with the later views came as a chunk and a request of its own. The outlines are lucide's
 * own (ISC licence, lucide-react 1.x), each one path, drawn with lucide's attributes, so these look
 * like the lucide icons the other views draw. Decorative: hidden from assistive technology unless
 * the caller names the icon.
 */
export type FirstRenderIcon = (props: SVGProps<SVGSVGElement>) => React.JSX.Element;

function outline(d: string): FirstRenderIcon {
  return function Icon(props) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        {...props}
      >
        <path d={d} />
      </svg>
    );
  };
}

/** A circle as path commands, so that each icon stays one path. */
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

export const CalendarDaysIcon = outline(
  'M8 2v3M16 2v3M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM3 9h18M8 13h.01M12 13h.01M16 13h.01M8 17h.01M12 17h.01M16 17h.01',
);
export const CircleHelpIcon = outline(`${circle(12, 12, 10)}M9 9.5a3 2.5 0 016 0c0 2-2 2-3 3.5M12 17h.01`);
export const ClockIcon = outline(`${circle(12, 12, 10)}M12 6v6l4 2`);
export const ExternalLinkIcon = outline('M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6');
export const HeartIcon = outline(
  'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5',
);
export const HouseIcon = outline(
  'M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
);
export const MapPinIcon = outline(
  `M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0${circle(12, 10, 3)}`,
);
export const MountainIcon = outline('m8 3 4 8 5-5 5 15H2L8 3z');
export const RouteIcon = outline(`M9 5h8.5a1 1 0 010 7h-11a1 1 0 000 7H15${circle(18, 19, 3)}${circle(6, 5, 3)}`);
export const SearchXIcon = outline(`m13.5 8.5-5 5M8.5 8.5l5 5${circle(11, 11, 8)}M21 21l-4.3-4.3`);
export const UsersIcon = outline(
  `M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M16 3.128a4 4 0 0 1 0 7.744M22 21v-2a4 4 0 0 0-3-3.87${circle(9, 7, 4)}`,
);
