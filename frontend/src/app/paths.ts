// The console's route table: components use href(), never string URLs (style.md, frontend).
export const paths = {
  start: { path: '/', href: () => '/' },
  feedback: { path: '/feedback', href: () => '/feedback' },
  // Developer tools: shown only in development mode (spec section 2).
  dev: { path: '/dev', href: () => '/dev' },
  notFound: { path: '*' },
} as const;
