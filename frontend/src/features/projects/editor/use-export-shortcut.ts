import { useEffect } from 'react';

// Ctrl+P / Ctrl+S export the project (spec section 2, keyboard).
export function useExportShortcut(onExport: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || (event.key.toLowerCase() !== 'p' && event.key.toLowerCase() !== 's')) return;
      event.preventDefault();
      onExport();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
