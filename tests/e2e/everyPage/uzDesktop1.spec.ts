import { crawlEveryPage } from '../crawl/crawlEveryPage';

crawlEveryPage('uz', 'desktop', [1, 2]);
