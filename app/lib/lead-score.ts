/** A lead's score (docs/email.md): inquiries weigh more than clicks; the score is capped. */
export const SCORE = { inquiry: 10, repeatInquiry: 20, click: 5, max: 100 } as const;

export const addScore = (score: number, points: number) => Math.min(SCORE.max, score + points);
