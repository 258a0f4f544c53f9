import { formatAge, formatUtc } from "../lib/format.ts";

/** A timestamp shown as its age, with the absolute UTC time on hover and in `datetime`. */
export function Time(props: { at: number; now: number }) {
  return (
    <time dateTime={new Date(props.at).toISOString()} title={formatUtc(props.at)}>
      {formatAge(props.at, props.now)}
    </time>
  );
}
