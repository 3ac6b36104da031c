/** The rate card's versions live in domain/rateCards.ts: the console's section saves them too. */
export * from '../../domain/rateCards';
