//! The chess evaluation weights, in the layout of [`super::evaluation`]. Fitted by `amity tune
//! --variant chess` to 351,579 quiet positions of Amity's self-play (two rounds of games,
//! 253,697 and 97,882 positions), each labelled with Stockfish's evaluation at 8,000 nodes
//! (`scripts/stockfish_labels.py`): a fit to the games' own results learnt Amity's
//! misjudgements and played worse against Stockfish, a fit to a stronger judge does not.
//! Change them by tuning, not by hand.

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
    s(80, 114),   // pawn on a2
    s(86, 115),   // pawn on b2
    s(73, 130),   // pawn on c2
    s(69, 119),   // pawn on d2
    s(71, 126),   // pawn on e2
    s(97, 119),   // pawn on f2
    s(109, 110),  // pawn on g2
    s(79, 114),   // pawn on h2
    s(87, 108),   // pawn on a3
    s(73, 114),   // pawn on b3
    s(81, 111),   // pawn on c3
    s(74, 104),   // pawn on d3
    s(79, 113),   // pawn on e3
    s(88, 110),   // pawn on f3
    s(102, 106),  // pawn on g3
    s(84, 109),   // pawn on h3
    s(84, 114),   // pawn on a4
    s(74, 114),   // pawn on b4
    s(95, 107),   // pawn on c4
    s(111, 90),   // pawn on d4
    s(109, 104),  // pawn on e4
    s(114, 97),   // pawn on f4
    s(86, 114),   // pawn on g4
    s(74, 116),   // pawn on h4
    s(100, 127),  // pawn on a5
    s(94, 134),   // pawn on b5
    s(107, 117),  // pawn on c5
    s(119, 112),  // pawn on d5
    s(121, 106),  // pawn on e5
    s(115, 123),  // pawn on f5
    s(102, 123),  // pawn on g5
    s(97, 120),   // pawn on h5
    s(108, 143),  // pawn on a6
    s(110, 149),  // pawn on b6
    s(116, 146),  // pawn on c6
    s(109, 138),  // pawn on d6
    s(108, 138),  // pawn on e6
    s(113, 149),  // pawn on f6
    s(112, 147),  // pawn on g6
    s(112, 137),  // pawn on h6
    s(132, 156),  // pawn on a7
    s(131, 179),  // pawn on b7
    s(135, 179),  // pawn on c7
    s(126, 167),  // pawn on d7
    s(130, 170),  // pawn on e7
    s(133, 176),  // pawn on f7
    s(130, 177),  // pawn on g7
    s(129, 170),  // pawn on h7
    s(90, 115),   // pawn on a8
    s(90, 115),   // pawn on b8
    s(90, 115),   // pawn on c8
    s(90, 115),   // pawn on d8
    s(90, 115),   // pawn on e8
    s(90, 115),   // pawn on f8
    s(90, 115),   // pawn on g8
    s(90, 115),   // pawn on h8
    s(286, 272),  // knight on a1
    s(302, 279),  // knight on b1
    s(305, 286),  // knight on c1
    s(318, 293),  // knight on d1
    s(310, 294),  // knight on e1
    s(301, 282),  // knight on f1
    s(307, 279),  // knight on g1
    s(287, 272),  // knight on h1
    s(296, 283),  // knight on a2
    s(308, 287),  // knight on b2
    s(319, 289),  // knight on c2
    s(332, 302),  // knight on d2
    s(329, 296),  // knight on e2
    s(320, 294),  // knight on f2
    s(305, 287),  // knight on g2
    s(297, 282),  // knight on h2
    s(288, 287),  // knight on a3
    s(318, 295),  // knight on b3
    s(317, 308),  // knight on c3
    s(338, 311),  // knight on d3
    s(337, 313),  // knight on e3
    s(329, 305),  // knight on f3
    s(320, 296),  // knight on g3
    s(300, 287),  // knight on h3
    s(315, 290),  // knight on a4
    s(319, 299),  // knight on b4
    s(331, 307),  // knight on c4
    s(333, 321),  // knight on d4
    s(334, 317),  // knight on e4
    s(334, 308),  // knight on f4
    s(322, 296),  // knight on g4
    s(322, 297),  // knight on h4
    s(318, 296),  // knight on a5
    s(322, 303),  // knight on b5
    s(324, 313),  // knight on c5
    s(350, 309),  // knight on d5
    s(346, 315),  // knight on e5
    s(339, 313),  // knight on f5
    s(327, 301),  // knight on g5
    s(331, 297),  // knight on h5
    s(302, 286),  // knight on a6
    s(314, 290),  // knight on b6
    s(324, 305),  // knight on c6
    s(335, 315),  // knight on d6
    s(346, 314),  // knight on e6
    s(327, 295),  // knight on f6
    s(316, 291),  // knight on g6
    s(305, 287),  // knight on h6
    s(297, 280),  // knight on a7
    s(305, 287),  // knight on b7
    s(314, 297),  // knight on c7
    s(323, 301),  // knight on d7
    s(323, 297),  // knight on e7
    s(314, 290),  // knight on f7
    s(305, 287),  // knight on g7
    s(293, 282),  // knight on h7
    s(275, 260),  // knight on a8
    s(296, 280),  // knight on b8
    s(305, 287),  // knight on c8
    s(314, 293),  // knight on d8
    s(314, 294),  // knight on e8
    s(303, 287),  // knight on f8
    s(296, 280),  // knight on g8
    s(286, 272),  // knight on h8
    s(307, 283),  // bishop on a1
    s(303, 291),  // bishop on b1
    s(309, 278),  // bishop on c1
    s(306, 298),  // bishop on d1
    s(315, 299),  // bishop on e1
    s(306, 290),  // bishop on f1
    s(307, 290),  // bishop on g1
    s(303, 284),  // bishop on h1
    s(308, 294),  // bishop on a2
    s(336, 290),  // bishop on b2
    s(315, 299),  // bishop on c2
    s(317, 302),  // bishop on d2
    s(327, 302),  // bishop on e2
    s(314, 284),  // bishop on f2
    s(340, 293),  // bishop on g2
    s(304, 287),  // bishop on h2
    s(316, 292),  // bishop on a3
    s(325, 305),  // bishop on b3
    s(330, 317),  // bishop on c3
    s(321, 308),  // bishop on d3
    s(311, 312),  // bishop on e3
    s(326, 318),  // bishop on f3
    s(322, 298),  // bishop on g3
    s(315, 297),  // bishop on h3
    s(314, 301),  // bishop on a4
    s(321, 308),  // bishop on b4
    s(315, 310),  // bishop on c4
    s(333, 309),  // bishop on d4
    s(326, 300),  // bishop on e4
    s(311, 309),  // bishop on f4
    s(322, 313),  // bishop on g4
    s(316, 295),  // bishop on h4
    s(314, 299),  // bishop on a5
    s(325, 309),  // bishop on b5
    s(318, 299),  // bishop on c5
    s(331, 309),  // bishop on d5
    s(328, 311),  // bishop on e5
    s(321, 305),  // bishop on f5
    s(323, 312),  // bishop on g5
    s(317, 307),  // bishop on h5
    s(315, 301),  // bishop on a6
    s(316, 304),  // bishop on b6
    s(322, 309),  // bishop on c6
    s(323, 308),  // bishop on d6
    s(330, 313),  // bishop on e6
    s(323, 318),  // bishop on f6
    s(320, 302),  // bishop on g6
    s(313, 294),  // bishop on h6
    s(307, 293),  // bishop on a7
    s(311, 299),  // bishop on b7
    s(311, 293),  // bishop on c7
    s(319, 303),  // bishop on d7
    s(314, 301),  // bishop on e7
    s(316, 299),  // bishop on f7
    s(313, 297),  // bishop on g7
    s(303, 289),  // bishop on h7
    s(303, 288),  // bishop on a8
    s(307, 293),  // bishop on b8
    s(311, 295),  // bishop on c8
    s(315, 299),  // bishop on d8
    s(315, 298),  // bishop on e8
    s(307, 291),  // bishop on f8
    s(307, 292),  // bishop on g8
    s(303, 288),  // bishop on h8
    s(456, 511),  // rook on a1
    s(460, 506),  // rook on b1
    s(468, 507),  // rook on c1
    s(472, 506),  // rook on d1
    s(483, 498),  // rook on e1
    s(482, 493),  // rook on f1
    s(456, 509),  // rook on g1
    s(459, 494),  // rook on h1
    s(445, 503),  // rook on a2
    s(451, 498),  // rook on b2
    s(458, 506),  // rook on c2
    s(464, 503),  // rook on d2
    s(471, 511),  // rook on e2
    s(460, 503),  // rook on f2
    s(452, 498),  // rook on g2
    s(428, 498),  // rook on h2
    s(445, 509),  // rook on a3
    s(452, 503),  // rook on b3
    s(459, 507),  // rook on c3
    s(462, 511),  // rook on d3
    s(464, 505),  // rook on e3
    s(460, 508),  // rook on f3
    s(455, 505),  // rook on g3
    s(455, 504),  // rook on h3
    s(449, 512),  // rook on a4
    s(459, 513),  // rook on b4
    s(466, 513),  // rook on c4
    s(464, 507),  // rook on d4
    s(467, 513),  // rook on e4
    s(461, 503),  // rook on f4
    s(456, 507),  // rook on g4
    s(454, 509),  // rook on h4
    s(459, 515),  // rook on a5
    s(460, 508),  // rook on b5
    s(468, 518),  // rook on c5
    s(470, 517),  // rook on d5
    s(471, 514),  // rook on e5
    s(468, 509),  // rook on f5
    s(461, 508),  // rook on g5
    s(457, 516),  // rook on h5
    s(467, 516),  // rook on a6
    s(461, 510),  // rook on b6
    s(469, 510),  // rook on c6
    s(471, 516),  // rook on d6
    s(471, 518),  // rook on e6
    s(468, 516),  // rook on f6
    s(461, 511),  // rook on g6
    s(457, 508),  // rook on h6
    s(478, 529),  // rook on a7
    s(474, 526),  // rook on b7
    s(484, 526),  // rook on c7
    s(486, 533),  // rook on d7
    s(485, 532),  // rook on e7
    s(477, 520),  // rook on f7
    s(479, 524),  // rook on g7
    s(478, 529),  // rook on h7
    s(463, 522),  // rook on a8
    s(465, 515),  // rook on b8
    s(468, 518),  // rook on c8
    s(470, 518),  // rook on d8
    s(467, 513),  // rook on e8
    s(464, 516),  // rook on f8
    s(464, 517),  // rook on g8
    s(463, 516),  // rook on h8
    s(988, 929),  // queen on a1
    s(993, 932),  // queen on b1
    s(989, 936),  // queen on c1
    s(1000, 941), // queen on d1
    s(986, 944),  // queen on e1
    s(985, 935),  // queen on f1
    s(990, 934),  // queen on g1
    s(988, 929),  // queen on h1
    s(989, 934),  // queen on a2
    s(993, 939),  // queen on b2
    s(1005, 937), // queen on c2
    s(1005, 945), // queen on d2
    s(1008, 945), // queen on e2
    s(990, 942),  // queen on f2
    s(990, 939),  // queen on g2
    s(986, 934),  // queen on h2
    s(984, 936),  // queen on a3
    s(989, 944),  // queen on b3
    s(986, 946),  // queen on c3
    s(988, 950),  // queen on d3
    s(998, 957),  // queen on e3
    s(993, 955),  // queen on f3
    s(1002, 947), // queen on g3
    s(984, 939),  // queen on h3
    s(992, 943),  // queen on a4
    s(987, 949),  // queen on b4
    s(991, 954),  // queen on c4
    s(986, 959),  // queen on d4
    s(986, 959),  // queen on e4
    s(990, 957),  // queen on f4
    s(988, 949),  // queen on g4
    s(993, 944),  // queen on h4
    s(987, 944),  // queen on a5
    s(990, 948),  // queen on b5
    s(997, 954),  // queen on c5
    s(986, 956),  // queen on d5
    s(993, 959),  // queen on e5
    s(994, 954),  // queen on f5
    s(992, 952),  // queen on g5
    s(988, 944),  // queen on h5
    s(991, 939),  // queen on a6
    s(988, 947),  // queen on b6
    s(992, 949),  // queen on c6
    s(992, 955),  // queen on d6
    s(994, 954),  // queen on e6
    s(995, 953),  // queen on f6
    s(996, 944),  // queen on g6
    s(995, 942),  // queen on h6
    s(990, 934),  // queen on a7
    s(990, 942),  // queen on b7
    s(992, 948),  // queen on c7
    s(992, 949),  // queen on d7
    s(992, 949),  // queen on e7
    s(995, 947),  // queen on f7
    s(990, 939),  // queen on g7
    s(996, 935),  // queen on h7
    s(986, 929),  // queen on a8
    s(990, 934),  // queen on b8
    s(990, 939),  // queen on c8
    s(992, 944),  // queen on d8
    s(995, 944),  // queen on e8
    s(993, 942),  // queen on f8
    s(990, 934),  // queen on g8
    s(991, 929),  // queen on h8
    s(19, -28),   // king on a1
    s(38, -27),   // king on b1
    s(21, -16),   // king on c1
    s(-29, -5),   // king on d1
    s(4, -16),    // king on e1
    s(-15, -18),  // king on f1
    s(38, -25),   // king on g1
    s(-3, -38),   // king on h1
    s(-10, -23),  // king on a2
    s(3, -1),     // king on b2
    s(-15, 2),    // king on c2
    s(-27, 14),   // king on d2
    s(-24, 11),   // king on e2
    s(-15, 2),    // king on f2
    s(12, -3),    // king on g2
    s(-6, -21),   // king on h2
    s(-37, -1),   // king on a3
    s(-30, -7),   // king on b3
    s(-47, 13),   // king on c3
    s(-59, 13),   // king on d3
    s(-63, 27),   // king on e3
    s(-50, 14),   // king on f3
    s(-25, 4),    // king on g3
    s(-37, -8),   // king on h3
    s(-70, 1),    // king on a4
    s(-57, 15),   // king on b4
    s(-80, 17),   // king on c4
    s(-95, 25),   // king on d4
    s(-95, 26),   // king on e4
    s(-83, 13),   // king on f4
    s(-59, 17),   // king on g4
    s(-67, 5),    // king on h4
    s(-100, 0),   // king on a5
    s(-90, 18),   // king on b5
    s(-110, 23),  // king on c5
    s(-124, 16),  // king on d5
    s(-120, 30),  // king on e5
    s(-110, 25),  // king on f5
    s(-88, 16),   // king on g5
    s(-100, -2),  // king on h5
    s(-130, -12), // king on a6
    s(-120, 3),   // king on b6
    s(-140, 13),  // king on c6
    s(-150, 23),  // king on d6
    s(-150, 27),  // king on e6
    s(-140, 19),  // king on f6
    s(-118, 8),   // king on g6
    s(-130, -15), // king on h6
    s(-160, -22), // king on a7
    s(-150, -11), // king on b7
    s(-170, 1),   // king on c7
    s(-180, 12),  // king on d7
    s(-180, 12),  // king on e7
    s(-170, 6),   // king on f7
    s(-150, -8),  // king on g7
    s(-160, -24), // king on h7
    s(-190, -36), // king on a8
    s(-180, -23), // king on b8
    s(-200, -12), // king on c8
    s(-210, 2),   // king on d8
    s(-210, 3),   // king on e8
    s(-200, -12), // king on f8
    s(-180, -24), // king on g8
    s(-190, -44), // king on h8
    s(14, -5),    // knight mobility
    s(9, 0),      // bishop mobility
    s(6, 1),      // rook mobility
    s(3, 2),      // queen mobility
    s(0, 2),      // lone attacker of the king's zone
    s(3, 0),      // king danger
    s(-17, -27),  // doubled pawn
    s(-7, -5),    // isolated pawn
    s(13, -2),    // supported pawn
    s(0, 0),      // passed pawn on rank 1
    s(-13, -1),   // passed pawn on rank 2
    s(-7, -1),    // passed pawn on rank 3
    s(-15, 30),   // passed pawn on rank 4
    s(4, 59),     // passed pawn on rank 5
    s(36, 88),    // passed pawn on rank 6
    s(67, 129),   // passed pawn on rank 7
    s(0, 0),      // passed pawn on rank 8
    s(-1, 6),     // king distances to a passer
    s(62, 60),    // bishop pair
    s(53, -4),    // rook on an open file
    s(24, 20),    // rook on a half-open file
    s(10, -8),    // shield pawn one rank ahead
    s(3, -6),     // shield pawn two ranks ahead
    s(-12, 4),    // shield file without a pawn
    s(49, 19),    // side to move
    s(48, 14),    // pawn attacks a piece, by the side to move
    s(24, 11),    // minor attacks a rook or queen, by the side to move
    s(1, 0),      // rook attacks a queen, by the side to move
    s(41, 17),    // piece attacked and undefended, by the side to move
    s(34, 26),    // pawn attacked and undefended, by the side to move
    s(65, 4),     // pawn attacks a piece, by the side not to move
    s(46, 13),    // minor attacks a rook or queen, by the side not to move
    s(16, 5),     // rook attacks a queen, by the side not to move
    s(27, 17),    // piece attacked and undefended, by the side not to move
    s(11, 30),    // pawn attacked and undefended, by the side not to move
    s(0, 0),      // blocked passer on rank 1
    s(-1, -8),    // blocked passer on rank 2
    s(2, -8),     // blocked passer on rank 3
    s(-5, -5),    // blocked passer on rank 4
    s(-7, -6),    // blocked passer on rank 5
    s(-9, -5),    // blocked passer on rank 6
    s(-9, -8),    // blocked passer on rank 7
    s(0, 0),      // blocked passer on rank 8
    s(0, 0),      // free passer on rank 1
    s(-2, 4),     // free passer on rank 2
    s(-3, 4),     // free passer on rank 3
    s(-7, 14),    // free passer on rank 4
    s(-2, 28),    // free passer on rank 5
    s(4, 49),     // free passer on rank 6
    s(6, 38),     // free passer on rank 7
    s(0, 0),      // free passer on rank 8
    s(37, 21),    // knight outpost
    s(33, -5),    // safe knight check
    s(13, 11),    // safe bishop check
    s(40, -4),    // safe rook check
    s(28, 4),     // safe queen check
    s(7, 2),      // pawn phalanx
    s(3, -5),     // knight reaching 0 squares
    s(12, -12),   // knight reaching 1 squares
    s(11, -5),    // knight reaching 2 squares
    s(8, 0),      // knight reaching 3 squares
    s(7, 3),      // knight reaching 4 squares
    s(1, 15),     // knight reaching 5 squares
    s(-5, 9),     // knight reaching 6 squares
    s(-2, -1),    // knight reaching 7 squares
    s(-6, -14),   // knight reaching 8 squares
    s(2, -14),    // bishop reaching 0 squares
    s(7, -13),    // bishop reaching 1 squares
    s(12, -10),   // bishop reaching 2 squares
    s(13, -4),    // bishop reaching 3 squares
    s(10, 0),     // bishop reaching 4 squares
    s(6, 4),      // bishop reaching 5 squares
    s(0, 7),      // bishop reaching 6 squares
    s(-4, 6),     // bishop reaching 7 squares
    s(-2, 7),     // bishop reaching 8 squares
    s(-2, 5),     // bishop reaching 9 squares
    s(0, 0),      // bishop reaching 10 squares
    s(-1, 2),     // bishop reaching 11 squares
    s(0, -1),     // bishop reaching 12 squares
    s(-4, -10),   // bishop reaching 13 squares
    s(-10, -9),   // rook reaching 0 squares
    s(-1, -14),   // rook reaching 1 squares
    s(-1, -12),   // rook reaching 2 squares
    s(3, -11),    // rook reaching 3 squares
    s(-1, -5),    // rook reaching 4 squares
    s(0, -2),     // rook reaching 5 squares
    s(-5, 3),     // rook reaching 6 squares
    s(0, 5),      // rook reaching 7 squares
    s(-3, 10),    // rook reaching 8 squares
    s(-1, 9),     // rook reaching 9 squares
    s(2, 9),      // rook reaching 10 squares
    s(0, 6),      // rook reaching 11 squares
    s(0, 5),      // rook reaching 12 squares
    s(1, 3),      // rook reaching 13 squares
    s(2, -28),    // rook reaching 14 squares
    s(3, 0),      // queen reaching 0 squares
    s(1, 0),      // queen reaching 1 squares
    s(2, 0),      // queen reaching 2 squares
    s(2, -2),     // queen reaching 3 squares
    s(-2, -2),    // queen reaching 4 squares
    s(0, -3),     // queen reaching 5 squares
    s(1, -1),     // queen reaching 6 squares
    s(-1, -1),    // queen reaching 7 squares
    s(2, 1),      // queen reaching 8 squares
    s(2, 2),      // queen reaching 9 squares
    s(0, 4),      // queen reaching 10 squares
    s(2, 2),      // queen reaching 11 squares
    s(-1, 3),     // queen reaching 12 squares
    s(0, 3),      // queen reaching 13 squares
    s(0, 3),      // queen reaching 14 squares
    s(-1, 2),     // queen reaching 15 squares
    s(-1, 0),     // queen reaching 16 squares
    s(1, 2),      // queen reaching 17 squares
    s(1, 0),      // queen reaching 18 squares
    s(-1, -3),    // queen reaching 19 squares
    s(1, -1),     // queen reaching 20 squares
    s(0, -1),     // queen reaching 21 squares
    s(0, 0),      // queen reaching 22 squares
    s(0, -1),     // queen reaching 23 squares
    s(0, -2),     // queen reaching 24 squares
    s(0, -2),     // queen reaching 25 squares
    s(0, 0),      // queen reaching 26 squares
    s(0, 0),      // queen reaching 27 squares
];
