import { useEffect, useState } from 'react';
import { loadVideos, type ClientVideos } from './videos';

/**
 * The feeds an island shows: its props when the server had them, else fetched once after
 * hydration. A result arriving after the island unmounts is ignored.
 */
export function useFeeds<T>(initial: T | null, pick: (videos: ClientVideos) => T): T | null {
  const [value, setValue] = useState<T | null>(initial);
  useEffect(() => {
    if (initial !== null) return;
    let alive = true;
    void loadVideos().then((videos) => {
      if (alive) setValue(pick(videos));
    });
    return () => {
      alive = false;
    };
  }, [initial, pick]);
  return value;
}
