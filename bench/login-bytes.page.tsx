// @ts-nocheck: bench/ is type-checked as Node code (tsconfig.node-tests.json: NodeNext, no JSX); this is browser code that rollup bundles, and its imports resolve the bundler way.
// The baseline page of bench/login-bytes.ts: one React component rendered
// into #app, nothing else, built with the host app's own rollup plugins.
import { createRoot } from 'react-dom/client';

function Hello() {
  return (
    <main>
      <h1>欢迎登录</h1>
      <p>职业院校一站式AI大模型应用服务平台</p>
    </main>
  );
}

createRoot(document.getElementById('app')!).render(<Hello />);
