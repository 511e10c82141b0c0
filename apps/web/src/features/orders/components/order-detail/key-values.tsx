// Label and value pairs are shared now (the accounting report's on-pay dialog); the orders area keeps its path.
export { type KeyValue, KeyValues } from '@/ui/key-values';
