/** Node worker_threads entry of the pool's own tests (pool.test.ts): the workers run the test tasks only. */
import { POOL_TEST_TASKS } from './testTasks.ts';
import { serveWorkerThread } from './workerThread.ts';

serveWorkerThread(POOL_TEST_TASKS);
