import { formatAge, formatUtc } from "../lib/format.ts";

/** A time as its age, UTC on hover and in `datetime`; `data-now` lets the ticker keep it true. */
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
