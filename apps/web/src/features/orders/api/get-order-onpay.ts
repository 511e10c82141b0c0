// The on-pay call is shared now (the accounting report's dialog); the orders area keeps its path.
export { getOrderOnpay, type OnPaymentRows, orderOnpayQueryOptions, useOrderOnpay } from '@/api/order-onpay';
