import { type ComponentType, lazy } from 'react';

/**
 * A chunk of the app fetched on demand, whose components render at once
 * once it is there. React.lazy suspends on a component's first render even
 * when its chunk has already arrived, and React reveals a suspended part of
 * the page no sooner than its 300 ms throttle allows: a chunk fetched ahead
 * (a returning visitor's signed-in frame, asked for beside the session's
 * check) would still cost those 300 ms.
 */
export function appChunk<Module>(load: () => Promise<Module>) {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;

  /** Fetches the chunk once; after a failure (a dropped connection) the next call tries again. */
  const preload = (): Promise<Module> => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  /** One of the chunk's components: itself once the chunk is there, else React.lazy's, which suspends until it is. */
  function component<Props extends object>(pick: (module: Module) => ComponentType<Props>) {
    const Lazy = lazy(async () => ({ default: pick(await preload()) }));
    return function ChunkComponent(props: Props) {
      const Loaded = loaded ? pick(loaded) : Lazy;
      return <Loaded {...props} />;
    };
  }

  return { preload, component };
}
