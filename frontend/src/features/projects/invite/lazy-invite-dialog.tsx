import { lazy, Suspense, type ComponentProps } from 'react';

// The invitation dialog loads when it opens: pages that offer it (the start page's onboarding,
// the projects list, the editor) do not carry it, its styles or its messages' code up front.
const Dialog = lazy(() => import('./invite-dialog').then((module) => ({ default: module.InviteDialog })));

export function InviteDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

export type { InviteProject } from './invite-dialog';
