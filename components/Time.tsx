import { formatAge, formatUtc } from "../lib/format.ts";

/**
 * A time as its age, the UTC time on hover and in `datetime`, and `now` in `data-now` so the page's
 * ticker keeps the age true.
 */
export function Time(props: { at: number; now: number }) {
  return (
    <time
      dateTime={new Date(props.at).toISOString()}
      title={formatUtc(props.at)}
      data-now={String(props.now)}
    >
      {formatAge(props.at, props.now)}
    </time>
  );
}
