/** Requests per day over the last 30 days: one bar a day, successes and errors stacked. */
import { lastDays } from '../lib/format.js'

const WIDTH = 720
const HEIGHT = 160
const AXIS = 22

export function DayChart({
  days,
  today,
}: {
  days: Array<{ day: string; total: number; success: number }>
  today: string
}) {
  const byDay = new Map(days.map((entry) => [entry.day, entry]))
  const range = lastDays(today, 30)
  const max = Math.max(1, ...range.map((day) => byDay.get(day)?.total ?? 0))
  const slot = WIDTH / range.length
  const scale = (count: number) => (count / max) * (HEIGHT - AXIS - 14)
  return (
    <svg
      class="day-chart"
      data-testid="day-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label="Requests per day, last 30 days"
    >
      <text x={4} y={12} class="chart-label">
        {max} / day
      </text>
      <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} class="chart-axis" />
      {range.map((day, index) => {
        const entry = byDay.get(day)
        const total = entry?.total ?? 0
        const errors = total - (entry?.success ?? 0)
        const x = index * slot + 2
        const barHeight = scale(total)
        const errorHeight = scale(errors)
        return (
          <g key={day} data-testid="day-bar" data-day={day} data-total={total}>
            <title>{`${day}: ${total} requests, ${errors} errors`}</title>
            <rect x={x} width={slot - 4} y={HEIGHT - AXIS - barHeight} height={barHeight} class="bar-ok" />
            {errors > 0 && (
              <rect
                x={x}
                width={slot - 4}
                y={HEIGHT - AXIS - errorHeight}
                height={errorHeight}
                class="bar-error"
              />
            )}
            {index % 5 === 4 && (
              // The last label ends at the bar's right edge so it is not cut off by the frame.
              <text
                x={index === range.length - 1 ? x + slot - 4 : x + (slot - 4) / 2}
                y={HEIGHT - 6}
                class="chart-label"
                text-anchor={index === range.length - 1 ? 'end' : 'middle'}
              >
                {day.slice(5)}
              </text>
            )}
          </g>
        )
      })}
    </svg>
  )
}
