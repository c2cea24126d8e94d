import './ExpertTag.css';

/** The 专家 mark beside an expert's name: one component and one stylesheet, so every page that names an
 * expert (rankings, the member lists, a user page, a story) draws it alike, whichever chunk loads first. */
export function ExpertTag() {
  return <span className="expert-tag">专家</span>;
}
