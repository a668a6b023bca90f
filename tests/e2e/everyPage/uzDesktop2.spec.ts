import { crawlEveryPage } from '../crawl/crawlEveryPage';

crawlEveryPage('uz', 'desktop', [2, 2]);
