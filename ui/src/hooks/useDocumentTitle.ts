import { useEffect } from 'react';
import { config } from '@/lib/config';

export function useDocumentTitle(title?: string | null) {
  useEffect(() => {
    document.title = title ? `${title} - ${config.product}` : config.product;
  }, [title]);
}
