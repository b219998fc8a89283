import { useMemo } from 'react';
import { AdminProductCategoriesDocument } from '../../../__generated__/graphql.ts';
import { useRouteQuery } from '../../../app/route-data.tsx';

export interface CategoryOption {
  value: string;
  label: string;
}

/** Every category as an option, a sub-category named after its parent ('数码 / 耳机'). */
export function useCategoryOptions(): CategoryOption[] {
  const { data } = useRouteQuery(AdminProductCategoriesDocument);
  return useMemo(
    () =>
      data.categories.flatMap((parent) => [
        { value: parent.id, label: parent.name },
        ...parent.children.map((child) => ({ value: child.id, label: `${parent.name} / ${child.name}` })),
      ]),
    [data],
  );
}
