//! The losalamos evaluation weights, in the layout of its evaluation module. Written by
//! `amity tune --variant losalamos` from 116386 quiet positions of self-play games;
//! change them by tuning, not by hand.

use amity_engine::evaluation::{Tapered, s};

/// Every weight, middlegame and endgame.
pub const WEIGHTS: [Tapered; 199] = [
    s(100, 100), // pawn on a1
    s(100, 100), // pawn on b1
    s(100, 100), // pawn on c1
    s(100, 100), // pawn on d1
    s(100, 100), // pawn on e1
    s(100, 100), // pawn on f1
    s(83, 110),  // pawn on a2
    s(87, 143),  // pawn on b2
    s(69, 125),  // pawn on c2
    s(95, 137),  // pawn on d2
    s(80, 104),  // pawn on e2
    s(89, 108),  // pawn on f2
    s(75, 108),  // pawn on a3
    s(97, 145),  // pawn on b3
    s(116, 107), // pawn on c3
    s(130, 102), // pawn on d3
    s(114, 126), // pawn on e3
    s(92, 83),   // pawn on f3
    s(84, 125),  // pawn on a4
    s(133, 125), // pawn on b4
    s(135, 77),  // pawn on c4
    s(146, 104), // pawn on d4
    s(192, 118), // pawn on e4
    s(119, 95),  // pawn on f4
    s(177, 169), // pawn on a5
    s(170, 172), // pawn on b5
    s(193, 165), // pawn on c5
    s(187, 204), // pawn on d5
    s(190, 194), // pawn on e5
    s(164, 191), // pawn on f5
    s(100, 100), // pawn on a6
    s(100, 100), // pawn on b6
    s(100, 100), // pawn on c6
    s(100, 100), // pawn on d6
    s(100, 100), // pawn on e6
    s(100, 100), // pawn on f6
    s(299, 311), // knight on a1
    s(333, 271), // knight on b1
    s(345, 301), // knight on c1
    s(309, 310), // knight on d1
    s(296, 297), // knight on e1
    s(273, 277), // knight on f1
    s(309, 285), // knight on a2
    s(322, 335), // knight on b2
    s(320, 315), // knight on c2
    s(353, 295), // knight on d2
    s(345, 322), // knight on e2
    s(342, 311), // knight on f2
    s(332, 287), // knight on a3
    s(308, 303), // knight on b3
    s(275, 335), // knight on c3
    s(279, 308), // knight on d3
    s(309, 331), // knight on e3
    s(302, 316), // knight on f3
    s(304, 312), // knight on a4
    s(334, 315), // knight on b4
    s(316, 319), // knight on c4
    s(344, 313), // knight on d4
    s(326, 333), // knight on e4
    s(325, 309), // knight on f4
    s(303, 274), // knight on a5
    s(320, 317), // knight on b5
    s(318, 325), // knight on c5
    s(317, 317), // knight on d5
    s(344, 328), // knight on e5
    s(304, 310), // knight on f5
    s(272, 284), // knight on a6
    s(293, 299), // knight on b6
    s(306, 312), // knight on c6
    s(298, 307), // knight on d6
    s(283, 301), // knight on e6
    s(282, 279), // knight on f6
    s(405, 462), // rook on a1
    s(426, 478), // rook on b1
    s(446, 451), // rook on c1
    s(465, 452), // rook on d1
    s(469, 438), // rook on e1
    s(429, 425), // rook on f1
    s(411, 454), // rook on a2
    s(455, 458), // rook on b2
    s(477, 430), // rook on c2
    s(457, 445), // rook on d2
    s(421, 436), // rook on e2
    s(424, 410), // rook on f2
    s(444, 459), // rook on a3
    s(450, 471), // rook on b3
    s(473, 454), // rook on c3
    s(457, 470), // rook on d3
    s(465, 450), // rook on e3
    s(471, 444), // rook on f3
    s(473, 459), // rook on a4
    s(464, 470), // rook on b4
    s(471, 475), // rook on c4
    s(477, 489), // rook on d4
    s(476, 479), // rook on e4
    s(475, 469), // rook on f4
    s(495, 475), // rook on a5
    s(471, 487), // rook on b5
    s(469, 462), // rook on c5
    s(485, 477), // rook on d5
    s(485, 481), // rook on e5
    s(462, 452), // rook on f5
    s(457, 452), // rook on a6
    s(462, 455), // rook on b6
    s(471, 481), // rook on c6
    s(472, 478), // rook on d6
    s(461, 461), // rook on e6
    s(473, 462), // rook on f6
    s(859, 846), // queen on a1
    s(820, 844), // queen on b1
    s(841, 878), // queen on c1
    s(815, 843), // queen on d1
    s(864, 852), // queen on e1
    s(844, 852), // queen on f1
    s(813, 825), // queen on a2
    s(845, 828), // queen on b2
    s(832, 849), // queen on c2
    s(851, 839), // queen on d2
    s(877, 851), // queen on e2
    s(856, 859), // queen on f2
    s(846, 836), // queen on a3
    s(844, 852), // queen on b3
    s(837, 879), // queen on c3
    s(845, 868), // queen on d3
    s(867, 862), // queen on e3
    s(830, 847), // queen on f3
    s(835, 835), // queen on a4
    s(872, 853), // queen on b4
    s(870, 875), // queen on c4
    s(859, 861), // queen on d4
    s(861, 861), // queen on e4
    s(877, 862), // queen on f4
    s(862, 857), // queen on a5
    s(855, 858), // queen on b5
    s(876, 864), // queen on c5
    s(867, 870), // queen on d5
    s(879, 869), // queen on e5
    s(858, 854), // queen on f5
    s(849, 847), // queen on a6
    s(856, 852), // queen on b6
    s(855, 854), // queen on c6
    s(861, 862), // queen on d6
    s(852, 851), // queen on e6
    s(857, 856), // queen on f6
    s(21, -38),  // king on a1
    s(25, -33),  // king on b1
    s(-7, -26),  // king on c1
    s(21, -32),  // king on d1
    s(16, -22),  // king on e1
    s(28, -62),  // king on f1
    s(-16, -36), // king on a2
    s(-20, 22),  // king on b2
    s(-44, 12),  // king on c2
    s(-50, 14),  // king on d2
    s(-37, -2),  // king on e2
    s(-30, -40), // king on f2
    s(-21, -23), // king on a3
    s(14, 2),    // king on b3
    s(-40, 27),  // king on c3
    s(-37, 37),  // king on d3
    s(-28, -8),  // king on e3
    s(-1, -16),  // king on f3
    s(-32, -5),  // king on a4
    s(-25, 34),  // king on b4
    s(-45, 17),  // king on c4
    s(-34, 21),  // king on d4
    s(-12, 43),  // king on e4
    s(-20, 3),   // king on f4
    s(-41, -22), // king on a5
    s(-40, 22),  // king on b5
    s(-45, 16),  // king on c5
    s(-53, 13),  // king on d5
    s(-38, 23),  // king on e5
    s(-42, -14), // king on f5
    s(-50, -32), // king on a6
    s(-52, -25), // king on b6
    s(-51, -16), // king on c6
    s(-50, -5),  // king on d6
    s(-44, 0),   // king on e6
    s(-49, -30), // king on f6
    s(23, 9),    // knight mobility
    s(17, 0),    // rook mobility
    s(7, 0),     // queen mobility
    s(0, 0),     // passed pawn on rank 1
    s(0, 2),     // passed pawn on rank 2
    s(15, 29),   // passed pawn on rank 3
    s(13, 41),   // passed pawn on rank 4
    s(1, 16),    // passed pawn on rank 5
    s(0, 0),     // passed pawn on rank 6
    s(-25, -48), // doubled pawn
    s(-5, -2),   // isolated pawn
    s(-2, -18),  // supported pawn
    s(-9, -7),   // knight attacks the king's zone
    s(-1, -1),   // rook attacks the king's zone
    s(1, 19),    // queen attacks the king's zone
    s(16, -13),  // pawn shielding the king
    s(6, 4),     // rook on an open file
    s(14, 6),    // rook on a half-open file
    s(15, 1),    // side to move
];
