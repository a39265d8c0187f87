// The performance floor (docs/performance.md): the least a React page can ship. Its bytes and its Lighthouse LCP are the
// baseline the app's budgets are ratios of, so it renders one element and nothing else.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<h1>Aurora TV</h1>);
