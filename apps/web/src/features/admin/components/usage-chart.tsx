import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../../lib/format';

/** Daily token usage as bars (Recharts), with a text label for screen readers. Loaded on demand: the chart library is its own chunk. */
export default function DailyUsageChart({
  data,
  label,
  tokensLabel,
  height = 260,
}: {
  data: { day: string; tokens: number }[];
  label: string;
  tokensLabel: string;
  height?: number;
}) {
  const format = (value: number) => formatNumber(value, undefined, { notation: 'compact' });
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} fontSize={12} />
          <YAxis tickFormatter={format} fontSize={12} width={48} />
          <Tooltip formatter={(value) => [formatNumber(Number(value)), tokensLabel]} />
          <Bar dataKey="tokens" name={tokensLabel} fill="var(--mantine-color-blue-6)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
