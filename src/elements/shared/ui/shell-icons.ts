/**
 * The shell's shapes in the kit's one icon set (icons.tsx spreads them into
 * its table, so names never clash): the menu areas per SPEC §2 and the
 * shell's controls. A module of their own so the host app's first load
 * carries these and not every element's shapes.
 */
export const SHELL_ICON_PATHS = {
  // menu icon areas
  ai: 'M12 3l1.9 4.6L18.5 9.5l-4.6 1.9L12 16l-1.9-4.6L5.5 9.5l4.6-1.9zM18.5 15l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8z',
  course: 'M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5zM4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5M8 7h8M8 11h5',
  dialogue: 'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H9l-5 4zM8.5 10h.01M12 10h.01M15.5 10h.01',
  evaluation: 'M9 3.5h6v3H9zM7 5H5v16h14V5h-2M8.5 14l2.5 2.5 4.5-5',
  // course evaluation (managers rate courses): a star, unlike evaluation management's checked clipboard
  courseEvaluation: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  knowledge: 'M12 3a6 6 0 0 0-3.8 10.6c.6.5.8 1.2.8 1.9V17h6v-1.5c0-.7.2-1.4.8-1.9A6 6 0 0 0 12 3zM9.5 20h5M10.5 23h3',
  practice: 'M9 3h6M10 3v6.5L4.8 18.3A1.8 1.8 0 0 0 6.4 21h11.2a1.8 1.8 0 0 0 1.6-2.7L14 9.5V3M7.5 15h9',
  record: 'M3 21h18M6 17v-6M11 17V5M16 17v-9M20 17v-3',
  // school administration: a shield with a check
  admin: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9 12l2 2 4-4',
  // AI credits: a coin
  quota:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM14.5 9.2c-.4-.9-1.3-1.5-2.5-1.5-1.4 0-2.5.8-2.5 1.9 0 2.6 5 1.4 5 4.1 0 1.1-1.1 1.9-2.5 1.9-1.2 0-2.1-.6-2.5-1.5M12 6v1.7M12 15.6v1.9',
  resource: 'M3 7a1.5 1.5 0 0 1 1.5-1.5H9l2 2h8.5A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5z',
  // shell controls
  sidebarCollapse: 'M15 6l-6 6 6 6',
  sidebarExpand: 'M9 6l6 6-6 6',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  auto: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 3v18',
  signOut: 'M15 4h3.5A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5H15M10 8l-4 4 4 4M6 12h10',
  arrowBack: 'M19 12H5M11 6l-6 6 6 6',
  camera:
    'M4 8.5A1.5 1.5 0 0 1 5.5 7H8l1.5-2h5L16 7h2.5A1.5 1.5 0 0 1 20 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5zM12 10a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  menuMore: 'M5 12h.01M12 12h.01M19 12h.01M4 6h16M4 18h16',
  user: 'M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4.5 20.5c.9-3.4 3.9-5.5 7.5-5.5s6.6 2.1 7.5 5.5',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0',
  globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9S9.5 5.7 12 3z',
} as const
