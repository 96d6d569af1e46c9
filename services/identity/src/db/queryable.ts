// The query surface shared by the pool and a transaction, so query functions work inside or outside one.
import type postgres from 'postgres';

export type Db = postgres.ISql;
