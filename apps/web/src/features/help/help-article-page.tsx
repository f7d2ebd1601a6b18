import { Navigate, useParams } from 'react-router';
import { HelpArticle } from './help-article.tsx';
import { findTopicById, findTopicBySlug } from './help-topics.ts';

/** help-center/{topicId}: an unknown topic goes back to the help centre (spec). */
export function HelpArticlePage() {
  const topic = findTopicBySlug(useParams().topicId);
  if (!topic) return <Navigate to="/dashboard/help-center" replace />;
  return <HelpArticle topic={topic} />;
}

/** HelpDetail/{id}: the same articles, by number. */
export function HelpDetailPage() {
  const topic = findTopicById(useParams().id);
  if (!topic) return <Navigate to="/dashboard/help-center" replace />;
  return <HelpArticle topic={topic} />;
}
