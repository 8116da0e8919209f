//! The chess evaluation weights, in the layout of [`super::evaluation`]. Fitted by `amity tune
//! --variant chess` to 916,986 quiet positions of Amity's self-play (two rounds of games at
//! 2,000 nodes a move, 12,000 games, each round played by the engine of its day), each
//! labelled with Stockfish's evaluation at 8,000 nodes (`scripts/stockfish_labels.py`): a fit
//! to the games' own results learnt Amity's misjudgements and played worse against Stockfish,
//! a fit to a stronger judge does not. Change them by tuning, not by hand.

use amity_engine::evaluation::{Tapered, s};

/// Every weight, middlegame and endgame.
pub const WEIGHTS: [Tapered; 507] = [
    s(90, 115),   // pawn on a1
    s(90, 115),   // pawn on b1
    s(90, 115),   // pawn on c1
    s(90, 115),   // pawn on d1
    s(90, 115),   // pawn on e1
    s(90, 115),   // pawn on f1
    s(90, 115),   // pawn on g1
    s(90, 115),   // pawn on h1
    s(71, 119),   // pawn on a2
    s(81, 112),   // pawn on b2
    s(70, 122),   // pawn on c2
    s(70, 123),   // pawn on d2
    s(71, 123),   // pawn on e2
    s(95, 118),   // pawn on f2
    s(107, 108),  // pawn on g2
    s(78, 105),   // pawn on h2
    s(83, 106),   // pawn on a3
    s(69, 113),   // pawn on b3
    s(78, 108),   // pawn on c3
    s(71, 113),   // pawn on d3
    s(78, 112),   // pawn on e3
    s(83, 107),   // pawn on f3
    s(99, 105),   // pawn on g3
    s(79, 104),   // pawn on h3
    s(78, 113),   // pawn on a4
    s(73, 117),   // pawn on b4
    s(95, 98),    // pawn on c4
    s(107, 94),   // pawn on d4
    s(108, 95),   // pawn on e4
    s(113, 101),  // pawn on f4
    s(86, 109),   // pawn on g4
    s(76, 108),   // pawn on h4
    s(94, 118),   // pawn on a5
    s(92, 124),   // pawn on b5
    s(103, 110),  // pawn on c5
    s(118, 105),  // pawn on d5
    s(122, 108),  // pawn on e5
    s(115, 104),  // pawn on f5
    s(101, 118),  // pawn on g5
    s(93, 116),   // pawn on h5
    s(108, 136),  // pawn on a6
    s(108, 155),  // pawn on b6
    s(113, 145),  // pawn on c6
    s(114, 141),  // pawn on d6
    s(109, 133),  // pawn on e6
    s(113, 143),  // pawn on f6
    s(113, 139),  // pawn on g6
    s(114, 131),  // pawn on h6
    s(135, 157),  // pawn on a7
    s(131, 179),  // pawn on b7
    s(133, 175),  // pawn on c7
    s(126, 170),  // pawn on d7
    s(132, 172),  // pawn on e7
    s(133, 174),  // pawn on f7
    s(130, 179),  // pawn on g7
    s(129, 167),  // pawn on h7
    s(90, 115),   // pawn on a8
    s(90, 115),   // pawn on b8
    s(90, 115),   // pawn on c8
    s(90, 115),   // pawn on d8
    s(90, 115),   // pawn on e8
    s(90, 115),   // pawn on f8
    s(90, 115),   // pawn on g8
    s(90, 115),   // pawn on h8
    s(286, 271),  // knight on a1
    s(298, 279),  // knight on b1
    s(303, 286),  // knight on c1
    s(317, 292),  // knight on d1
    s(310, 294),  // knight on e1
    s(299, 282),  // knight on f1
    s(304, 279),  // knight on g1
    s(287, 272),  // knight on h1
    s(296, 283),  // knight on a2
    s(308, 287),  // knight on b2
    s(317, 287),  // knight on c2
    s(329, 299),  // knight on d2
    s(331, 298),  // knight on e2
    s(323, 291),  // knight on f2
    s(305, 289),  // knight on g2
    s(300, 282),  // knight on h2
    s(291, 287),  // knight on a3
    s(320, 296),  // knight on b3
    s(316, 304),  // knight on c3
    s(340, 314),  // knight on d3
    s(339, 308),  // knight on e3
    s(330, 302),  // knight on f3
    s(324, 298),  // knight on g3
    s(302, 287),  // knight on h3
    s(317, 290),  // knight on a4
    s(318, 299),  // knight on b4
    s(330, 310),  // knight on c4
    s(333, 318),  // knight on d4
    s(334, 317),  // knight on e4
    s(336, 312),  // knight on f4
    s(322, 293),  // knight on g4
    s(325, 296),  // knight on h4
    s(318, 294),  // knight on a5
    s(323, 303),  // knight on b5
    s(326, 316),  // knight on c5
    s(351, 312),  // knight on d5
    s(343, 318),  // knight on e5
    s(342, 314),  // knight on f5
    s(331, 301),  // knight on g5
    s(332, 295),  // knight on h5
    s(302, 286),  // knight on a6
    s(315, 290),  // knight on b6
    s(324, 305),  // knight on c6
    s(338, 319),  // knight on d6
    s(349, 314),  // knight on e6
    s(327, 295),  // knight on f6
    s(323, 294),  // knight on g6
    s(305, 285),  // knight on h6
    s(297, 280),  // knight on a7
    s(304, 286),  // knight on b7
    s(314, 297),  // knight on c7
    s(323, 301),  // knight on d7
    s(323, 297),  // knight on e7
    s(315, 290),  // knight on f7
    s(305, 287),  // knight on g7
    s(293, 282),  // knight on h7
    s(269, 257),  // knight on a8
    s(296, 280),  // knight on b8
    s(305, 287),  // knight on c8
    s(314, 293),  // knight on d8
    s(314, 294),  // knight on e8
    s(303, 287),  // knight on f8
    s(296, 280),  // knight on g8
    s(286, 272),  // knight on h8
    s(309, 283),  // bishop on a1
    s(303, 291),  // bishop on b1
    s(310, 280),  // bishop on c1
    s(306, 298),  // bishop on d1
    s(315, 300),  // bishop on e1
    s(303, 290),  // bishop on f1
    s(307, 290),  // bishop on g1
    s(303, 284),  // bishop on h1
    s(310, 294),  // bishop on a2
    s(336, 289),  // bishop on b2
    s(318, 298),  // bishop on c2
    s(314, 302),  // bishop on d2
    s(326, 297),  // bishop on e2
    s(312, 284),  // bishop on f2
    s(343, 293),  // bishop on g2
    s(306, 287),  // bishop on h2
    s(318, 295),  // bishop on a3
    s(325, 302),  // bishop on b3
    s(324, 309),  // bishop on c3
    s(320, 307),  // bishop on d3
    s(313, 309),  // bishop on e3
    s(327, 314),  // bishop on f3
    s(325, 295),  // bishop on g3
    s(318, 298),  // bishop on h3
    s(315, 301),  // bishop on a4
    s(321, 308),  // bishop on b4
    s(317, 314),  // bishop on c4
    s(333, 311),  // bishop on d4
    s(332, 304),  // bishop on e4
    s(313, 306),  // bishop on f4
    s(319, 316),  // bishop on g4
    s(316, 295),  // bishop on h4
    s(313, 299),  // bishop on a5
    s(329, 310),  // bishop on b5
    s(318, 301),  // bishop on c5
    s(334, 311),  // bishop on d5
    s(328, 310),  // bishop on e5
    s(324, 307),  // bishop on f5
    s(327, 310),  // bishop on g5
    s(317, 308),  // bishop on h5
    s(315, 301),  // bishop on a6
    s(316, 305),  // bishop on b6
    s(322, 312),  // bishop on c6
    s(323, 307),  // bishop on d6
    s(330, 313),  // bishop on e6
    s(323, 318),  // bishop on f6
    s(323, 303),  // bishop on g6
    s(315, 296),  // bishop on h6
    s(307, 293),  // bishop on a7
    s(311, 299),  // bishop on b7
    s(311, 293),  // bishop on c7
    s(319, 303),  // bishop on d7
    s(314, 303),  // bishop on e7
    s(316, 297),  // bishop on f7
    s(311, 297),  // bishop on g7
    s(302, 289),  // bishop on h7
    s(303, 288),  // bishop on a8
    s(307, 293),  // bishop on b8
    s(311, 295),  // bishop on c8
    s(315, 299),  // bishop on d8
    s(315, 296),  // bishop on e8
    s(307, 291),  // bishop on f8
    s(307, 290),  // bishop on g8
    s(303, 288),  // bishop on h8
    s(457, 508),  // rook on a1
    s(460, 506),  // rook on b1
    s(467, 507),  // rook on c1
    s(477, 501),  // rook on d1
    s(484, 494),  // rook on e1
    s(487, 496),  // rook on f1
    s(455, 510),  // rook on g1
    s(460, 491),  // rook on h1
    s(438, 503),  // rook on a2
    s(451, 498),  // rook on b2
    s(456, 504),  // rook on c2
    s(461, 502),  // rook on d2
    s(470, 507),  // rook on e2
    s(457, 503),  // rook on f2
    s(452, 498),  // rook on g2
    s(425, 498),  // rook on h2
    s(446, 510),  // rook on a3
    s(449, 501),  // rook on b3
    s(456, 504),  // rook on c3
    s(460, 509),  // rook on d3
    s(462, 502),  // rook on e3
    s(460, 505),  // rook on f3
    s(455, 502),  // rook on g3
    s(452, 501),  // rook on h3
    s(449, 512),  // rook on a4
    s(459, 513),  // rook on b4
    s(466, 513),  // rook on c4
    s(466, 510),  // rook on d4
    s(467, 511),  // rook on e4
    s(461, 505),  // rook on f4
    s(456, 507),  // rook on g4
    s(449, 507),  // rook on h4
    s(459, 516),  // rook on a5
    s(460, 511),  // rook on b5
    s(468, 517),  // rook on c5
    s(470, 517),  // rook on d5
    s(470, 511),  // rook on e5
    s(470, 512),  // rook on f5
    s(462, 510),  // rook on g5
    s(460, 518),  // rook on h5
    s(469, 518),  // rook on a6
    s(464, 516),  // rook on b6
    s(470, 514),  // rook on c6
    s(471, 515),  // rook on d6
    s(471, 518),  // rook on e6
    s(468, 516),  // rook on f6
    s(461, 512),  // rook on g6
    s(460, 512),  // rook on h6
    s(478, 528),  // rook on a7
    s(474, 529),  // rook on b7
    s(485, 526),  // rook on c7
    s(485, 526),  // rook on d7
    s(485, 528),  // rook on e7
    s(480, 523),  // rook on f7
    s(479, 521),  // rook on g7
    s(478, 526),  // rook on h7
    s(465, 525),  // rook on a8
    s(465, 516),  // rook on b8
    s(468, 521),  // rook on c8
    s(470, 519),  // rook on d8
    s(467, 511),  // rook on e8
    s(464, 519),  // rook on f8
    s(464, 518),  // rook on g8
    s(465, 518),  // rook on h8
    s(989, 929),  // queen on a1
    s(993, 932),  // queen on b1
    s(991, 936),  // queen on c1
    s(998, 936),  // queen on d1
    s(990, 944),  // queen on e1
    s(985, 935),  // queen on f1
    s(990, 934),  // queen on g1
    s(988, 929),  // queen on h1
    s(989, 934),  // queen on a2
    s(993, 939),  // queen on b2
    s(1005, 934), // queen on c2
    s(1005, 942), // queen on d2
    s(1010, 942), // queen on e2
    s(990, 942),  // queen on f2
    s(991, 939),  // queen on g2
    s(986, 934),  // queen on h2
    s(981, 936),  // queen on a3
    s(989, 944),  // queen on b3
    s(989, 946),  // queen on c3
    s(994, 950),  // queen on d3
    s(995, 957),  // queen on e3
    s(996, 955),  // queen on f3
    s(1001, 947), // queen on g3
    s(987, 939),  // queen on h3
    s(989, 943),  // queen on a4
    s(984, 949),  // queen on b4
    s(991, 954),  // queen on c4
    s(986, 960),  // queen on d4
    s(986, 959),  // queen on e4
    s(988, 957),  // queen on f4
    s(988, 949),  // queen on g4
    s(990, 944),  // queen on h4
    s(984, 944),  // queen on a5
    s(987, 948),  // queen on b5
    s(997, 954),  // queen on c5
    s(983, 956),  // queen on d5
    s(993, 959),  // queen on e5
    s(991, 954),  // queen on f5
    s(990, 952),  // queen on g5
    s(991, 947),  // queen on h5
    s(991, 939),  // queen on a6
    s(988, 947),  // queen on b6
    s(994, 949),  // queen on c6
    s(992, 955),  // queen on d6
    s(995, 954),  // queen on e6
    s(997, 955),  // queen on f6
    s(996, 944),  // queen on g6
    s(997, 942),  // queen on h6
    s(990, 934),  // queen on a7
    s(987, 942),  // queen on b7
    s(992, 948),  // queen on c7
    s(992, 949),  // queen on d7
    s(992, 949),  // queen on e7
    s(995, 947),  // queen on f7
    s(992, 939),  // queen on g7
    s(999, 935),  // queen on h7
    s(986, 929),  // queen on a8
    s(990, 934),  // queen on b8
    s(990, 939),  // queen on c8
    s(992, 944),  // queen on d8
    s(995, 944),  // queen on e8
    s(993, 942),  // queen on f8
    s(990, 934),  // queen on g8
    s(991, 929),  // queen on h8
    s(17, -23),   // king on a1
    s(38, -26),   // king on b1
    s(20, -12),   // king on c1
    s(-29, -12),  // king on d1
    s(1, -22),    // king on e1
    s(-20, -16),  // king on f1
    s(35, -24),   // king on g1
    s(-2, -31),   // king on h1
    s(-7, -14),   // king on a2
    s(5, 1),      // king on b2
    s(-12, 2),    // king on c2
    s(-27, 4),    // king on d2
    s(-22, 3),    // king on e2
    s(-16, 3),    // king on f2
    s(13, -1),    // king on g2
    s(-2, -13),   // king on h2
    s(-37, -3),   // king on a3
    s(-30, -4),   // king on b3
    s(-48, 11),   // king on c3
    s(-59, 14),   // king on d3
    s(-65, 24),   // king on e3
    s(-51, 18),   // king on f3
    s(-26, 6),    // king on g3
    s(-37, -5),   // king on h3
    s(-70, -3),   // king on a4
    s(-57, 16),   // king on b4
    s(-80, 19),   // king on c4
    s(-95, 25),   // king on d4
    s(-97, 24),   // king on e4
    s(-83, 19),   // king on f4
    s(-59, 15),   // king on g4
    s(-67, -1),   // king on h4
    s(-100, 0),   // king on a5
    s(-90, 16),   // king on b5
    s(-110, 23),  // king on c5
    s(-124, 18),  // king on d5
    s(-120, 24),  // king on e5
    s(-110, 20),  // king on f5
    s(-88, 11),   // king on g5
    s(-100, -2),  // king on h5
    s(-130, -10), // king on a6
    s(-120, 1),   // king on b6
    s(-140, 15),  // king on c6
    s(-150, 22),  // king on d6
    s(-150, 22),  // king on e6
    s(-140, 20),  // king on f6
    s(-118, 9),   // king on g6
    s(-130, -13), // king on h6
    s(-160, -22), // king on a7
    s(-150, -8),  // king on b7
    s(-170, 1),   // king on c7
    s(-180, 12),  // king on d7
    s(-180, 12),  // king on e7
    s(-170, 6),   // king on f7
    s(-150, -5),  // king on g7
    s(-160, -21), // king on h7
    s(-190, -36), // king on a8
    s(-180, -23), // king on b8
    s(-200, -12), // king on c8
    s(-210, 2),   // king on d8
    s(-210, 3),   // king on e8
    s(-200, -12), // king on f8
    s(-180, -22), // king on g8
    s(-190, -44), // king on h8
    s(14, -2),    // knight mobility
    s(10, 0),     // bishop mobility
    s(6, 1),      // rook mobility
    s(4, 0),      // queen mobility
    s(0, 2),      // lone attacker of the king's zone
    s(3, 0),      // king danger
    s(-17, -25),  // doubled pawn
    s(-5, -6),    // isolated pawn
    s(15, -2),    // supported pawn
    s(0, 0),      // passed pawn on rank 1
    s(-11, -5),   // passed pawn on rank 2
    s(-6, 2),     // passed pawn on rank 3
    s(-12, 30),   // passed pawn on rank 4
    s(3, 59),     // passed pawn on rank 5
    s(35, 84),    // passed pawn on rank 6
    s(70, 125),   // passed pawn on rank 7
    s(0, 0),      // passed pawn on rank 8
    s(-3, 6),     // king distances to a passer
    s(59, 59),    // bishop pair
    s(59, -10),   // rook on an open file
    s(26, 16),    // rook on a half-open file
    s(7, -7),     // shield pawn one rank ahead
    s(-1, -1),    // shield pawn two ranks ahead
    s(-13, 6),    // shield file without a pawn
    s(50, 19),    // side to move
    s(65, 19),    // pawn attacks a piece, by the side to move
    s(38, 17),    // minor attacks a rook or queen, by the side to move
    s(1, 0),      // rook attacks a queen, by the side to move
    s(51, 25),    // piece attacked and undefended, by the side to move
    s(32, 33),    // pawn attacked and undefended, by the side to move
    s(71, 4),     // pawn attacks a piece, by the side not to move
    s(55, 11),    // minor attacks a rook or queen, by the side not to move
    s(26, 8),     // rook attacks a queen, by the side not to move
    s(25, 18),    // piece attacked and undefended, by the side not to move
    s(10, 36),    // pawn attacked and undefended, by the side not to move
    s(0, 0),      // blocked passer on rank 1
    s(1, -8),     // blocked passer on rank 2
    s(-1, -10),   // blocked passer on rank 3
    s(-3, -6),    // blocked passer on rank 4
    s(-11, -12),  // blocked passer on rank 5
    s(-15, -19),  // blocked passer on rank 6
    s(-13, -24),  // blocked passer on rank 7
    s(0, 0),      // blocked passer on rank 8
    s(0, 0),      // free passer on rank 1
    s(1, 5),      // free passer on rank 2
    s(-6, 4),     // free passer on rank 3
    s(-8, 16),    // free passer on rank 4
    s(-3, 36),    // free passer on rank 5
    s(8, 71),     // free passer on rank 6
    s(11, 58),    // free passer on rank 7
    s(0, 0),      // free passer on rank 8
    s(37, 16),    // knight outpost
    s(43, -1),    // safe knight check
    s(11, 17),    // safe bishop check
    s(58, -6),    // safe rook check
    s(27, 3),     // safe queen check
    s(8, 0),      // pawn phalanx
    s(10, -8),    // knight reaching 0 squares
    s(19, -18),   // knight reaching 1 squares
    s(18, -13),   // knight reaching 2 squares
    s(12, -6),    // knight reaching 3 squares
    s(9, 1),      // knight reaching 4 squares
    s(2, 11),     // knight reaching 5 squares
    s(-4, 10),    // knight reaching 6 squares
    s(-6, 0),     // knight reaching 7 squares
    s(-9, -7),    // knight reaching 8 squares
    s(8, -22),    // bishop reaching 0 squares
    s(15, -19),   // bishop reaching 1 squares
    s(18, -12),   // bishop reaching 2 squares
    s(19, -6),    // bishop reaching 3 squares
    s(16, 3),     // bishop reaching 4 squares
    s(9, 6),      // bishop reaching 5 squares
    s(3, 9),      // bishop reaching 6 squares
    s(-4, 12),    // bishop reaching 7 squares
    s(-4, 13),    // bishop reaching 8 squares
    s(-5, 6),     // bishop reaching 9 squares
    s(-3, 1),     // bishop reaching 10 squares
    s(-4, -4),    // bishop reaching 11 squares
    s(0, -1),     // bishop reaching 12 squares
    s(-4, -15),   // bishop reaching 13 squares
    s(-8, -13),   // rook reaching 0 squares
    s(2, -20),    // rook reaching 1 squares
    s(0, -16),    // rook reaching 2 squares
    s(6, -12),    // rook reaching 3 squares
    s(2, -2),     // rook reaching 4 squares
    s(0, 1),      // rook reaching 5 squares
    s(-3, 7),     // rook reaching 6 squares
    s(-5, 10),    // rook reaching 7 squares
    s(-8, 15),    // rook reaching 8 squares
    s(-3, 10),    // rook reaching 9 squares
    s(1, 5),      // rook reaching 10 squares
    s(0, 6),      // rook reaching 11 squares
    s(1, 7),      // rook reaching 12 squares
    s(1, 3),      // rook reaching 13 squares
    s(8, -33),    // rook reaching 14 squares
    s(3, 0),      // queen reaching 0 squares
    s(3, 0),      // queen reaching 1 squares
    s(6, 0),      // queen reaching 2 squares
    s(4, -2),     // queen reaching 3 squares
    s(3, -2),     // queen reaching 4 squares
    s(3, -3),     // queen reaching 5 squares
    s(1, -1),     // queen reaching 6 squares
    s(2, -1),     // queen reaching 7 squares
    s(0, 1),      // queen reaching 8 squares
    s(0, 2),      // queen reaching 9 squares
    s(-3, 4),     // queen reaching 10 squares
    s(-2, 2),     // queen reaching 11 squares
    s(1, 6),      // queen reaching 12 squares
    s(0, 6),      // queen reaching 13 squares
    s(1, 6),      // queen reaching 14 squares
    s(-1, 5),     // queen reaching 15 squares
    s(-1, 1),     // queen reaching 16 squares
    s(1, 2),      // queen reaching 17 squares
    s(1, 0),      // queen reaching 18 squares
    s(-1, -3),    // queen reaching 19 squares
    s(1, -1),     // queen reaching 20 squares
    s(0, -2),     // queen reaching 21 squares
    s(0, 0),      // queen reaching 22 squares
    s(0, -4),     // queen reaching 23 squares
    s(0, -2),     // queen reaching 24 squares
    s(0, -2),     // queen reaching 25 squares
    s(0, 0),      // queen reaching 26 squares
    s(0, 0),      // queen reaching 27 squares
];
