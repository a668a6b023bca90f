import { crawlEveryPage } from '../crawl/crawlEveryPage';

crawlEveryPage('en', 'phone');
