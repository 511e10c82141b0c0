export { AccountingPage } from './accounting-page';
export { AverageFulfillmentPage } from './average-fulfillment-page';
export { CollectionStatusPage } from './collection-status-page';
export { ComponentSalesPage } from './component-sales-page';
export { PartnerOrdersPage } from './partner-orders-page';
export { PartnerSalesPage } from './partner-sales-page';
export { ProfitCentreRevenuePage } from './profit-centre-revenue-page';
export { ReportingMenuPage } from './reporting-menu-page';
