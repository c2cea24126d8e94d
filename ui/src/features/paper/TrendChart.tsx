import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, DataZoomComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { TrendPoint } from '@/api/types';

echarts.use([LineChart, GridComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

/** Paper hotness over time (padded by the API): a smooth area line. */
export default function TrendChart({ data, height = 320 }: { data: TrendPoint[]; height?: number }) {
  const option = {
    grid: { left: 44, right: 20, top: 24, bottom: data.length > 30 ? 56 : 32 },
    tooltip: {
      trigger: 'axis',
      formatter: (p: { axisValue: string; data: TrendPoint }[]) => `${p[0].axisValue}<br/>热度：<b>${p[0].data[1]}</b>`,
    },
    xAxis: { type: 'category', boundaryGap: false, axisLine: { lineStyle: { color: '#d1d5db' } }, axisLabel: { color: '#6b7280' } },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#f1f2f4' } }, axisLabel: { color: '#6b7280' } },
    dataZoom: data.length > 30 ? [{ type: 'slider', height: 18, bottom: 8 }, { type: 'inside' }] : [],
    series: [{
      type: 'line',
      name: '热度',
      smooth: true,
      showSymbol: data.length <= 30,
      symbolSize: 6,
      data,
      lineStyle: { width: 2.5, color: '#4f46e5' },
      itemStyle: { color: '#4f46e5' },
      areaStyle: {
        color: new echarts.graphic.LinearGradient(0, 0, 0, 1, [
          { offset: 0, color: 'rgba(79, 70, 229, 0.28)' },
          { offset: 1, color: 'rgba(79, 70, 229, 0.02)' },
        ]),
      },
    }],
  };
  return (
    <div role="img" aria-label={`热度趋势图，共 ${data.length} 天`} className="trend-chart">
      <ReactEChartsCore echarts={echarts} option={option} style={{ height, width: '100%' }} notMerge lazyUpdate />
    </div>
  );
}
