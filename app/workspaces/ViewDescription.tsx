import { Brief } from '../help/Brief';

/**
 * The sentence under a view's heading on its data: for the user's file the data's own description alone (the
 * file's name is the user's text: shown as written, never through the maths markup), for synthetic data that
 * description followed by what a point of the space is.
 */
export function ViewDescription(props: {
  description: string;
  fileName: string | null | undefined;
  about: string;
}) {
  return (
    <Brief
      className="view-description"
      {...(props.fileName ? { short: props.description } : { text: `${props.description} ${props.about}` })}
    />
  );
}
