// The console's route table: components use href(), never string URLs (style.md, frontend).
export const paths = {
  start: { path: '/', href: () => '/' },
  feedback: { path: '/feedback', href: () => '/feedback' },
  notFound: { path: '*' },
} as const;
