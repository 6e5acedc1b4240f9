import { describe, expect, it } from 'vitest';
import { asTask, factsOf, negate } from './quiz-offline.ts';

describe('the offline quiz drafter’s Korean', () => {
  it('turns a plain statement into its opposite, or refuses', () => {
    expect(negate('자석은 철을 끌어당긴다.')).toBe('자석은 철을 끌어당기지 않는다.');
    expect(negate('물은 0도에서 언다')).toBe('물은 0도에서 얼지 않는다.');
    expect(negate('식물은 햇빛으로 양분을 만듭니다.')).toBe('식물은 햇빛으로 양분을 만들지 않습니다.');
    expect(negate('개미는 먹이를 먹는다.')).toBe('개미는 먹이를 먹지 않는다.');
    expect(negate('지구에는 물이 있다.')).toBe('지구에는 물이 없다.');
    expect(negate('나침반은 방향을 알려 주는 도구이다.')).toBe('나침반은 방향을 알려 주는 도구가 아니다.');
    expect(negate('광합성은 양분을 만드는 과정이다.')).toBe('광합성은 양분을 만드는 과정이 아니다.');
    expect(negate('종이를 풀로 붙이다.')).toBeNull();
    expect(negate('어제 비가 왔다.')).toBeNull();
    expect(negate('철수는 가게에서 빵을 산다.')).toBeNull();
    expect(negate('바람이 분다.')).toBe('바람이 불지 않는다.');
    expect(negate('아이들이 운동장에서 논다.')).toBe('아이들이 운동장에서 놀지 않는다.');
  });

  it('reads a standard as a task, and finds the topic words of the material', () => {
    expect(asTask('자석의 극과 관련지어 설명할 수 있다.')).toBe('자석의 극과 관련지어 설명하시오.');
    expect(asTask('자석의 성질을 안다.')).toBeNull();
    expect(factsOf(['같은 극끼리는 서로 밀어 낸다.', 'N극은 북쪽을 가리킨다.']).map((f) => f.term)).toEqual([
      'N극',
    ]);
  });
});
