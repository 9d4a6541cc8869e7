/**
 * The market a request is served in (docs/product/markets.md), for the API as for pages: `MARKET` when the operator
 * set one for the whole site, else the overseas domain's market (2) or the domestic one (1).
 */
import { MARKET_TYPE, type MarketType } from '../../constants';
import { isOverseasHost } from '../../host';
import { env } from '../env';

export function marketOfRequest(url: URL): MarketType {
  return env().MARKET ?? (isOverseasHost(url.hostname) ? MARKET_TYPE.overseas : MARKET_TYPE.domestic);
}
