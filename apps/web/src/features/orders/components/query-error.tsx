// The failed-load alert is shared now; the orders area keeps its import path.
export { QueryError, type QueryErrorProps } from '@/ui';
