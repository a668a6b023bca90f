import { crawlEveryPage } from '../crawl/crawlEveryPage';

crawlEveryPage('uz', 'phone');
