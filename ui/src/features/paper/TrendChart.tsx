import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TrendPoint } from '@/api/types';
import { tickLabels, trendSeries, wheelRange, ZOOM_FROM } from './trendChartParts';
import './TrendChart.css';

const LINE = '#4f46e5';
const AXIS = { stroke: '#6b7280', grid: { stroke: '#f1f2f4', width: 1 }, ticks: { show: false } };

/** Follows the pointer over the plot with the day and its hotness (text only: no markup from data). */
function tooltipPlugin(labels: string[]): uPlot.Plugin {
  let tip: HTMLDivElement;
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div');
        tip.className = 'trend-chart__tip';
        u.over.appendChild(tip);
      },
      setCursor: (u) => {
        const i = u.cursor.idx;
        if (i == null || u.cursor.left == null || u.cursor.left < 0) {
          tip.style.display = 'none';
          return;
        }
        tip.replaceChildren(document.createTextNode(labels[i]), document.createElement('br'), document.createTextNode('热度：'));
        const value = document.createElement('b');
        value.textContent = String(u.data[1][i]);
        tip.appendChild(value);
        tip.style.display = 'block';
        const left = u.valToPos(u.data[0][i], 'x');
        const flip = left > u.over.clientWidth / 2;
        tip.style.left = `${left}px`;
        tip.style.top = `${u.cursor.top ?? 0}px`;
        tip.style.transform = `translate(${flip ? 'calc(-100% - 12px)' : '12px'}, -50%)`;
      },
    },
  };
}

/** Wheel over the plot zooms around the pointer (drag selects a range; a double click shows every day again). */
function wheelZoomPlugin(last: number): uPlot.Plugin {
  return {
    hooks: {
      ready: (u) => {
        u.over.addEventListener('wheel', (event) => {
          event.preventDefault();
          const at = u.posToVal(event.offsetX, 'x');
          const [from, to] = wheelRange(u.scales.x.min ?? 0, u.scales.x.max ?? last, at, event.deltaY, last);
          u.setScale('x', { min: from, max: to });
        }, { passive: false });
      },
    },
  };
}

function options(labels: string[], width: number, height: number): uPlot.Options {
  const zooms = labels.length > ZOOM_FROM;
  const last = Math.max(1, labels.length - 1);
  return {
    width,
    height,
    legend: { show: false },
    padding: [16, 16, 0, 0],
    cursor: { drag: { x: zooms, y: false }, points: { size: 8, fill: LINE } },
    // one day alone (a paper published yesterday) stands in the middle, not on the left edge
    scales: { x: { time: false, range: (_u, min, max) => (zooms ? [min, max] : labels.length === 1 ? [-1, 1] : [0, last]) } },
    axes: [
      { ...AXIS, grid: { show: false }, values: (_u, splits) => tickLabels(labels, splits), incrs: [1, 2, 3, 5, 7, 10, 14, 15, 30, 60, 90, 180, 365] },
      { ...AXIS, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000], size: 44 },
    ],
    series: [
      {},
      {
        label: '热度',
        stroke: LINE,
        width: 2.5,
        paths: uPlot.paths.spline!(),
        points: { show: !zooms, size: 6, fill: LINE },
        fill: (u) => {
          const gradient = u.ctx.createLinearGradient(0, u.bbox.top, 0, u.bbox.top + u.bbox.height);
          gradient.addColorStop(0, 'rgba(79, 70, 229, 0.28)');
          gradient.addColorStop(1, 'rgba(79, 70, 229, 0.02)');
          return gradient;
        },
      },
    ],
    plugins: [tooltipPlugin(labels), ...(zooms ? [wheelZoomPlugin(last)] : [])],
  };
}

/** What the chart shows, in words (its first and last day, the newest figure), for screen readers and tests. */
export function chartLabel(data: TrendPoint[]): string {
  if (data.length === 0) return '热度趋势图，暂无数据';
  const [first] = data[0];
  const [last, value] = data[data.length - 1];
  return `热度趋势图，${first} 至 ${last}，共 ${data.length} 天，最近一天热度 ${value}`;
}

/** Paper hotness over time (padded by the API): a smooth area line; long series zoom. */
export default function TrendChart({ data, height = 320 }: { data: TrendPoint[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const { labels, values, xs } = trendSeries(data);
    const chart = new uPlot(options(labels, el.clientWidth || 300, height), [xs, values], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [data, height]);
  return (
    <div role="img" aria-label={chartLabel(data)} className="trend-chart">
      <div ref={box} className="trend-chart__plot" />
      {data.length > ZOOM_FROM && <p className="trend-chart__hint">拖动选择区间放大，滚轮缩放，双击还原</p>}
    </div>
  );
}
