import { describe, expect, it } from 'vitest';
import { PULLED_FEED_FOLLOWERS } from '../../shared/feed/home-feed-fanout.ts';
import { DEFAULT_ACTIVITY, scaleFigures, simulatePopulation, type Population } from './scale-model.ts';

// The million-member figures are only as good as the model: these pin what it must get right on
// populations small enough to compute by hand.

describe('the scale model', () => {
  it('draws the same population from the same seed, and another from another', () => {
    const one = simulatePopulation(2_000, { seed: 7 });
    expect(simulatePopulation(2_000, { seed: 7 }).followers).toEqual(one.followers);
    expect(simulatePopulation(2_000, { seed: 8 }).followers).not.toEqual(one.followers);
  });

  it('lets every member follow the default account and each feed at most once', () => {
    const population = simulatePopulation(3_000, { feeds: 200, medianFollows: 150 });
    expect(population.followers[0]).toBe(3_000);
    expect(Math.max(...population.followers)).toBeLessThanOrEqual(3_000);
    expect([...population.followers].reduce((sum, count) => sum + count, 0)).toBe(population.follows);
  });

  it('has most members follow dozens and a few follow thousands', () => {
    const population = simulatePopulation(20_000);
    const mean = population.follows / population.members;
    expect(mean).toBeGreaterThan(20);
    expect(mean).toBeLessThan(100);
    expect(population.heavyFollowers).toBeGreaterThan(0);
    expect(population.heavyFollowers / population.members).toBeLessThan(0.01);
  });

  it('fans a post out to each follower of its feed, weighted by how many follow it, and pulls the largest', () => {
    // Ten members: all follow the default account (10), three follow feed 1, two feed 2: 15 follows.
    const small: Population = {
      members: 10,
      feeds: 3,
      followers: Uint32Array.from([10, 3, 2]),
      follows: 15,
      heavyFollowers: 0,
    };
    const figures = scaleFigures(small);
    expect(figures.postsPerDay).toBe(10 * DEFAULT_ACTIVITY.dailyActive * DEFAULT_ACTIVITY.postsPerActive);
    // A post lands on a feed with the chance its followers give it, and writes that many entries.
    expect(figures.inboxEntriesPerDay).toBeCloseTo((1 * (10 * 10 + 3 * 3 + 2 * 2)) / 15);
    // The same ten members but the default account past the threshold: its posts are pulled, not fanned.
    const large: Population = { ...small, members: PULLED_FEED_FOLLOWERS + 1 };
    large.followers = Uint32Array.from([PULLED_FEED_FOLLOWERS + 1, 3, 2]);
    large.follows = PULLED_FEED_FOLLOWERS + 6;
    const pulled = scaleFigures(large);
    expect(pulled.feedsPulled).toBe(1);
    expect(pulled.inboxEntriesPerDay).toBeCloseTo((pulled.postsPerDay * (3 * 3 + 2 * 2)) / large.follows);
  });

  it('grows the peak load with the membership, not faster', () => {
    const tenThousand = scaleFigures(simulatePopulation(10_000));
    const hundredThousand = scaleFigures(simulatePopulation(100_000));
    const ratio = hundredThousand.peakWritesPerSecond / tenThousand.peakWritesPerSecond;
    expect(ratio).toBeGreaterThan(5);
    expect(ratio).toBeLessThan(20);
  });
});
