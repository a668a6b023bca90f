import { crawlEveryPage } from '../crawl/crawlEveryPage';

crawlEveryPage('ru', 'desktop');
