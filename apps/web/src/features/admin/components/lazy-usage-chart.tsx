import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

const Chart = lazy(() => import('./usage-chart'));

/** The daily usage chart, its library fetched only when a chart is shown. */
export function DailyUsageChart(props: ComponentProps<typeof Chart>) {
  return (
    <Suspense fallback={<Skeleton h={props.height ?? 260} />}>
      <Chart {...props} />
    </Suspense>
  );
}
