import { formatAge, formatUtc } from "../lib/format.ts";

/**
 * A timestamp shown as its age, with the absolute UTC time on hover and in `datetime`; the
 * clock it was aged on (`now`) in `data-now`, so the page's ticker keeps the age true.
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
