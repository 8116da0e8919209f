//! The chess evaluation weights, in the layout of [`super::evaluation`]. Fitted by `amity tune
//! --variant chess` to 503,715 quiet positions of Amity's self-play (6,500 games at 2,000 nodes
//! a move), each labelled with Stockfish's evaluation at 8,000 nodes
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
    s(76, 118),   // pawn on a2
    s(84, 112),   // pawn on b2
    s(72, 126),   // pawn on c2
    s(71, 121),   // pawn on d2
    s(72, 125),   // pawn on e2
    s(96, 118),   // pawn on f2
    s(108, 110),  // pawn on g2
    s(79, 110),   // pawn on h2
    s(87, 109),   // pawn on a3
    s(71, 114),   // pawn on b3
    s(80, 110),   // pawn on c3
    s(73, 109),   // pawn on d3
    s(79, 113),   // pawn on e3
    s(85, 108),   // pawn on f3
    s(101, 106),  // pawn on g3
    s(81, 107),   // pawn on h3
    s(82, 113),   // pawn on a4
    s(75, 117),   // pawn on b4
    s(95, 102),   // pawn on c4
    s(109, 92),   // pawn on d4
    s(108, 100),  // pawn on e4
    s(115, 100),  // pawn on f4
    s(86, 112),   // pawn on g4
    s(75, 112),   // pawn on h4
    s(97, 123),   // pawn on a5
    s(93, 130),   // pawn on b5
    s(105, 113),  // pawn on c5
    s(119, 109),  // pawn on d5
    s(122, 108),  // pawn on e5
    s(114, 114),  // pawn on f5
    s(102, 121),  // pawn on g5
    s(95, 117),   // pawn on h5
    s(108, 140),  // pawn on a6
    s(109, 151),  // pawn on b6
    s(115, 147),  // pawn on c6
    s(111, 140),  // pawn on d6
    s(108, 136),  // pawn on e6
    s(113, 147),  // pawn on f6
    s(112, 144),  // pawn on g6
    s(113, 135),  // pawn on h6
    s(133, 156),  // pawn on a7
    s(131, 179),  // pawn on b7
    s(134, 177),  // pawn on c7
    s(126, 168),  // pawn on d7
    s(131, 171),  // pawn on e7
    s(133, 176),  // pawn on f7
    s(130, 178),  // pawn on g7
    s(129, 169),  // pawn on h7
    s(90, 115),   // pawn on a8
    s(90, 115),   // pawn on b8
    s(90, 115),   // pawn on c8
    s(90, 115),   // pawn on d8
    s(90, 115),   // pawn on e8
    s(90, 115),   // pawn on f8
    s(90, 115),   // pawn on g8
    s(90, 115),   // pawn on h8
    s(286, 272),  // knight on a1
    s(300, 279),  // knight on b1
    s(304, 286),  // knight on c1
    s(318, 293),  // knight on d1
    s(310, 294),  // knight on e1
    s(300, 282),  // knight on f1
    s(305, 279),  // knight on g1
    s(287, 272),  // knight on h1
    s(296, 283),  // knight on a2
    s(308, 287),  // knight on b2
    s(318, 288),  // knight on c2
    s(330, 300),  // knight on d2
    s(330, 297),  // knight on e2
    s(322, 293),  // knight on f2
    s(305, 288),  // knight on g2
    s(298, 282),  // knight on h2
    s(290, 287),  // knight on a3
    s(319, 296),  // knight on b3
    s(316, 306),  // knight on c3
    s(339, 312),  // knight on d3
    s(338, 311),  // knight on e3
    s(330, 304),  // knight on f3
    s(322, 297),  // knight on g3
    s(302, 287),  // knight on h3
    s(316, 290),  // knight on a4
    s(318, 299),  // knight on b4
    s(331, 308),  // knight on c4
    s(333, 319),  // knight on d4
    s(334, 317),  // knight on e4
    s(335, 309),  // knight on f4
    s(322, 295),  // knight on g4
    s(324, 297),  // knight on h4
    s(318, 295),  // knight on a5
    s(322, 303),  // knight on b5
    s(325, 314),  // knight on c5
    s(350, 310),  // knight on d5
    s(345, 316),  // knight on e5
    s(340, 314),  // knight on f5
    s(329, 301),  // knight on g5
    s(331, 296),  // knight on h5
    s(302, 286),  // knight on a6
    s(314, 290),  // knight on b6
    s(324, 305),  // knight on c6
    s(336, 317),  // knight on d6
    s(347, 314),  // knight on e6
    s(327, 295),  // knight on f6
    s(319, 292),  // knight on g6
    s(305, 286),  // knight on h6
    s(297, 280),  // knight on a7
    s(304, 286),  // knight on b7
    s(314, 297),  // knight on c7
    s(323, 301),  // knight on d7
    s(323, 297),  // knight on e7
    s(315, 290),  // knight on f7
    s(305, 287),  // knight on g7
    s(293, 282),  // knight on h7
    s(273, 259),  // knight on a8
    s(296, 280),  // knight on b8
    s(305, 287),  // knight on c8
    s(314, 293),  // knight on d8
    s(314, 294),  // knight on e8
    s(303, 287),  // knight on f8
    s(296, 280),  // knight on g8
    s(286, 272),  // knight on h8
    s(308, 283),  // bishop on a1
    s(303, 291),  // bishop on b1
    s(310, 279),  // bishop on c1
    s(306, 298),  // bishop on d1
    s(315, 300),  // bishop on e1
    s(304, 289),  // bishop on f1
    s(307, 290),  // bishop on g1
    s(303, 284),  // bishop on h1
    s(309, 294),  // bishop on a2
    s(337, 290),  // bishop on b2
    s(316, 299),  // bishop on c2
    s(316, 303),  // bishop on d2
    s(325, 300),  // bishop on e2
    s(313, 284),  // bishop on f2
    s(342, 293),  // bishop on g2
    s(305, 287),  // bishop on h2
    s(317, 293),  // bishop on a3
    s(325, 304),  // bishop on b3
    s(327, 313),  // bishop on c3
    s(321, 308),  // bishop on d3
    s(312, 310),  // bishop on e3
    s(326, 316),  // bishop on f3
    s(323, 297),  // bishop on g3
    s(316, 297),  // bishop on h3
    s(314, 301),  // bishop on a4
    s(321, 308),  // bishop on b4
    s(316, 312),  // bishop on c4
    s(333, 310),  // bishop on d4
    s(328, 302),  // bishop on e4
    s(311, 308),  // bishop on f4
    s(321, 314),  // bishop on g4
    s(316, 295),  // bishop on h4
    s(314, 299),  // bishop on a5
    s(326, 309),  // bishop on b5
    s(318, 300),  // bishop on c5
    s(332, 310),  // bishop on d5
    s(328, 310),  // bishop on e5
    s(322, 306),  // bishop on f5
    s(325, 311),  // bishop on g5
    s(317, 308),  // bishop on h5
    s(315, 301),  // bishop on a6
    s(316, 304),  // bishop on b6
    s(322, 310),  // bishop on c6
    s(323, 307),  // bishop on d6
    s(330, 313),  // bishop on e6
    s(323, 318),  // bishop on f6
    s(321, 302),  // bishop on g6
    s(314, 295),  // bishop on h6
    s(307, 293),  // bishop on a7
    s(311, 299),  // bishop on b7
    s(311, 293),  // bishop on c7
    s(319, 303),  // bishop on d7
    s(314, 302),  // bishop on e7
    s(316, 298),  // bishop on f7
    s(312, 297),  // bishop on g7
    s(303, 289),  // bishop on h7
    s(303, 288),  // bishop on a8
    s(307, 293),  // bishop on b8
    s(311, 295),  // bishop on c8
    s(315, 299),  // bishop on d8
    s(315, 297),  // bishop on e8
    s(307, 291),  // bishop on f8
    s(307, 291),  // bishop on g8
    s(303, 288),  // bishop on h8
    s(457, 509),  // rook on a1
    s(460, 506),  // rook on b1
    s(467, 507),  // rook on c1
    s(475, 504),  // rook on d1
    s(483, 496),  // rook on e1
    s(485, 495),  // rook on f1
    s(456, 510),  // rook on g1
    s(460, 493),  // rook on h1
    s(442, 503),  // rook on a2
    s(451, 498),  // rook on b2
    s(457, 505),  // rook on c2
    s(463, 503),  // rook on d2
    s(471, 510),  // rook on e2
    s(459, 503),  // rook on f2
    s(452, 498),  // rook on g2
    s(427, 498),  // rook on h2
    s(445, 510),  // rook on a3
    s(451, 502),  // rook on b3
    s(458, 506),  // rook on c3
    s(461, 510),  // rook on d3
    s(463, 504),  // rook on e3
    s(460, 507),  // rook on f3
    s(455, 504),  // rook on g3
    s(454, 503),  // rook on h3
    s(449, 512),  // rook on a4
    s(459, 513),  // rook on b4
    s(466, 513),  // rook on c4
    s(465, 508),  // rook on d4
    s(467, 512),  // rook on e4
    s(461, 504),  // rook on f4
    s(456, 507),  // rook on g4
    s(452, 508),  // rook on h4
    s(459, 515),  // rook on a5
    s(460, 509),  // rook on b5
    s(468, 518),  // rook on c5
    s(470, 517),  // rook on d5
    s(470, 513),  // rook on e5
    s(469, 510),  // rook on f5
    s(462, 509),  // rook on g5
    s(458, 517),  // rook on h5
    s(468, 517),  // rook on a6
    s(462, 512),  // rook on b6
    s(470, 512),  // rook on c6
    s(471, 515),  // rook on d6
    s(471, 518),  // rook on e6
    s(468, 516),  // rook on f6
    s(461, 511),  // rook on g6
    s(458, 510),  // rook on h6
    s(478, 529),  // rook on a7
    s(474, 527),  // rook on b7
    s(485, 526),  // rook on c7
    s(485, 530),  // rook on d7
    s(485, 530),  // rook on e7
    s(478, 521),  // rook on f7
    s(479, 523),  // rook on g7
    s(478, 528),  // rook on h7
    s(464, 523),  // rook on a8
    s(465, 515),  // rook on b8
    s(468, 519),  // rook on c8
    s(470, 518),  // rook on d8
    s(467, 512),  // rook on e8
    s(464, 517),  // rook on f8
    s(464, 517),  // rook on g8
    s(464, 517),  // rook on h8
    s(988, 929),  // queen on a1
    s(993, 932),  // queen on b1
    s(990, 936),  // queen on c1
    s(998, 939),  // queen on d1
    s(988, 944),  // queen on e1
    s(985, 935),  // queen on f1
    s(990, 934),  // queen on g1
    s(988, 929),  // queen on h1
    s(989, 934),  // queen on a2
    s(993, 939),  // queen on b2
    s(1004, 936), // queen on c2
    s(1005, 944), // queen on d2
    s(1009, 944), // queen on e2
    s(990, 942),  // queen on f2
    s(991, 939),  // queen on g2
    s(986, 934),  // queen on h2
    s(983, 936),  // queen on a3
    s(989, 944),  // queen on b3
    s(987, 946),  // queen on c3
    s(991, 950),  // queen on d3
    s(997, 957),  // queen on e3
    s(994, 955),  // queen on f3
    s(1002, 947), // queen on g3
    s(985, 939),  // queen on h3
    s(991, 943),  // queen on a4
    s(986, 949),  // queen on b4
    s(991, 954),  // queen on c4
    s(986, 959),  // queen on d4
    s(986, 959),  // queen on e4
    s(989, 957),  // queen on f4
    s(988, 949),  // queen on g4
    s(992, 944),  // queen on h4
    s(986, 944),  // queen on a5
    s(989, 948),  // queen on b5
    s(997, 954),  // queen on c5
    s(985, 956),  // queen on d5
    s(993, 959),  // queen on e5
    s(993, 954),  // queen on f5
    s(991, 952),  // queen on g5
    s(989, 945),  // queen on h5
    s(991, 939),  // queen on a6
    s(988, 947),  // queen on b6
    s(993, 949),  // queen on c6
    s(992, 955),  // queen on d6
    s(994, 954),  // queen on e6
    s(996, 954),  // queen on f6
    s(996, 944),  // queen on g6
    s(995, 942),  // queen on h6
    s(990, 934),  // queen on a7
    s(989, 942),  // queen on b7
    s(992, 948),  // queen on c7
    s(992, 949),  // queen on d7
    s(992, 949),  // queen on e7
    s(995, 947),  // queen on f7
    s(991, 939),  // queen on g7
    s(997, 935),  // queen on h7
    s(986, 929),  // queen on a8
    s(990, 934),  // queen on b8
    s(990, 939),  // queen on c8
    s(992, 944),  // queen on d8
    s(995, 944),  // queen on e8
    s(993, 942),  // queen on f8
    s(990, 934),  // queen on g8
    s(991, 929),  // queen on h8
    s(19, -26),   // king on a1
    s(38, -27),   // king on b1
    s(21, -14),   // king on c1
    s(-29, -8),   // king on d1
    s(1, -19),    // king on e1
    s(-17, -17),  // king on f1
    s(36, -25),   // king on g1
    s(-2, -35),   // king on h1
    s(-9, -20),   // king on a2
    s(4, 0),      // king on b2
    s(-14, 2),    // king on c2
    s(-27, 11),   // king on d2
    s(-23, 7),    // king on e2
    s(-15, 2),    // king on f2
    s(13, -2),    // king on g2
    s(-4, -17),   // king on h2
    s(-37, -2),   // king on a3
    s(-30, -6),   // king on b3
    s(-47, 13),   // king on c3
    s(-59, 13),   // king on d3
    s(-64, 25),   // king on e3
    s(-50, 15),   // king on f3
    s(-25, 5),    // king on g3
    s(-37, -7),   // king on h3
    s(-70, 0),    // king on a4
    s(-57, 16),   // king on b4
    s(-80, 18),   // king on c4
    s(-95, 25),   // king on d4
    s(-96, 25),   // king on e4
    s(-83, 15),   // king on f4
    s(-59, 16),   // king on g4
    s(-67, 3),    // king on h4
    s(-100, 0),   // king on a5
    s(-90, 18),   // king on b5
    s(-110, 23),  // king on c5
    s(-124, 17),  // king on d5
    s(-120, 28),  // king on e5
    s(-110, 23),  // king on f5
    s(-88, 14),   // king on g5
    s(-100, -2),  // king on h5
    s(-130, -11), // king on a6
    s(-120, 2),   // king on b6
    s(-140, 14),  // king on c6
    s(-150, 23),  // king on d6
    s(-150, 25),  // king on e6
    s(-140, 19),  // king on f6
    s(-118, 8),   // king on g6
    s(-130, -14), // king on h6
    s(-160, -22), // king on a7
    s(-150, -10), // king on b7
    s(-170, 1),   // king on c7
    s(-180, 12),  // king on d7
    s(-180, 12),  // king on e7
    s(-170, 6),   // king on f7
    s(-150, -7),  // king on g7
    s(-160, -23), // king on h7
    s(-190, -36), // king on a8
    s(-180, -23), // king on b8
    s(-200, -12), // king on c8
    s(-210, 2),   // king on d8
    s(-210, 3),   // king on e8
    s(-200, -12), // king on f8
    s(-180, -23), // king on g8
    s(-190, -44), // king on h8
    s(14, -2),    // knight mobility
    s(10, -1),    // bishop mobility
    s(6, 1),      // rook mobility
    s(3, 1),      // queen mobility
    s(0, 2),      // lone attacker of the king's zone
    s(3, 0),      // king danger
    s(-18, -26),  // doubled pawn
    s(-6, -6),    // isolated pawn
    s(14, -2),    // supported pawn
    s(0, 0),      // passed pawn on rank 1
    s(-12, -4),   // passed pawn on rank 2
    s(-7, 0),     // passed pawn on rank 3
    s(-13, 30),   // passed pawn on rank 4
    s(4, 57),     // passed pawn on rank 5
    s(35, 87),    // passed pawn on rank 6
    s(68, 128),   // passed pawn on rank 7
    s(0, 0),      // passed pawn on rank 8
    s(-3, 6),     // king distances to a passer
    s(60, 61),    // bishop pair
    s(55, -6),    // rook on an open file
    s(25, 19),    // rook on a half-open file
    s(8, -8),     // shield pawn one rank ahead
    s(0, -3),     // shield pawn two ranks ahead
    s(-13, 4),    // shield file without a pawn
    s(50, 20),    // side to move
    s(54, 16),    // pawn attacks a piece, by the side to move
    s(29, 13),    // minor attacks a rook or queen, by the side to move
    s(1, 0),      // rook attacks a queen, by the side to move
    s(45, 20),    // piece attacked and undefended, by the side to move
    s(33, 29),    // pawn attacked and undefended, by the side to move
    s(67, 4),     // pawn attacks a piece, by the side not to move
    s(50, 13),    // minor attacks a rook or queen, by the side not to move
    s(20, 6),     // rook attacks a queen, by the side not to move
    s(26, 17),    // piece attacked and undefended, by the side not to move
    s(11, 33),    // pawn attacked and undefended, by the side not to move
    s(0, 0),      // blocked passer on rank 1
    s(0, -8),     // blocked passer on rank 2
    s(1, -9),     // blocked passer on rank 3
    s(-4, -5),    // blocked passer on rank 4
    s(-9, -9),    // blocked passer on rank 5
    s(-12, -11),  // blocked passer on rank 6
    s(-11, -14),  // blocked passer on rank 7
    s(0, 0),      // blocked passer on rank 8
    s(0, 0),      // free passer on rank 1
    s(-1, 3),     // free passer on rank 2
    s(-5, 3),     // free passer on rank 3
    s(-7, 15),    // free passer on rank 4
    s(-2, 32),    // free passer on rank 5
    s(6, 59),     // free passer on rank 6
    s(8, 45),     // free passer on rank 7
    s(0, 0),      // free passer on rank 8
    s(37, 19),    // knight outpost
    s(37, -2),    // safe knight check
    s(12, 14),    // safe bishop check
    s(47, -2),    // safe rook check
    s(27, 3),     // safe queen check
    s(8, 0),      // pawn phalanx
    s(5, -6),     // knight reaching 0 squares
    s(16, -14),   // knight reaching 1 squares
    s(14, -8),    // knight reaching 2 squares
    s(9, -2),     // knight reaching 3 squares
    s(8, 2),      // knight reaching 4 squares
    s(1, 13),     // knight reaching 5 squares
    s(-4, 10),    // knight reaching 6 squares
    s(-4, -1),    // knight reaching 7 squares
    s(-7, -11),   // knight reaching 8 squares
    s(3, -17),    // bishop reaching 0 squares
    s(10, -15),   // bishop reaching 1 squares
    s(14, -10),   // bishop reaching 2 squares
    s(15, -5),    // bishop reaching 3 squares
    s(13, 2),     // bishop reaching 4 squares
    s(7, 5),      // bishop reaching 5 squares
    s(1, 8),      // bishop reaching 6 squares
    s(-4, 8),     // bishop reaching 7 squares
    s(-2, 10),    // bishop reaching 8 squares
    s(-3, 5),     // bishop reaching 9 squares
    s(-1, 0),     // bishop reaching 10 squares
    s(-2, -1),    // bishop reaching 11 squares
    s(0, -1),     // bishop reaching 12 squares
    s(-4, -12),   // bishop reaching 13 squares
    s(-10, -10),  // rook reaching 0 squares
    s(0, -17),    // rook reaching 1 squares
    s(-1, -14),   // rook reaching 2 squares
    s(4, -11),    // rook reaching 3 squares
    s(1, -3),     // rook reaching 4 squares
    s(0, -1),     // rook reaching 5 squares
    s(-3, 6),     // rook reaching 6 squares
    s(-2, 7),     // rook reaching 7 squares
    s(-5, 12),    // rook reaching 8 squares
    s(-2, 9),     // rook reaching 9 squares
    s(1, 7),      // rook reaching 10 squares
    s(0, 6),      // rook reaching 11 squares
    s(0, 5),      // rook reaching 12 squares
    s(1, 3),      // rook reaching 13 squares
    s(4, -30),    // rook reaching 14 squares
    s(3, 0),      // queen reaching 0 squares
    s(1, 0),      // queen reaching 1 squares
    s(4, 0),      // queen reaching 2 squares
    s(2, -2),     // queen reaching 3 squares
    s(1, -2),     // queen reaching 4 squares
    s(1, -3),     // queen reaching 5 squares
    s(0, -1),     // queen reaching 6 squares
    s(1, -1),     // queen reaching 7 squares
    s(1, 1),      // queen reaching 8 squares
    s(1, 2),      // queen reaching 9 squares
    s(-2, 4),     // queen reaching 10 squares
    s(0, 2),      // queen reaching 11 squares
    s(0, 4),      // queen reaching 12 squares
    s(0, 4),      // queen reaching 13 squares
    s(1, 4),      // queen reaching 14 squares
    s(-1, 3),     // queen reaching 15 squares
    s(-1, 0),     // queen reaching 16 squares
    s(1, 2),      // queen reaching 17 squares
    s(1, 0),      // queen reaching 18 squares
    s(-1, -3),    // queen reaching 19 squares
    s(1, -1),     // queen reaching 20 squares
    s(0, -1),     // queen reaching 21 squares
    s(0, 0),      // queen reaching 22 squares
    s(0, -2),     // queen reaching 23 squares
    s(0, -2),     // queen reaching 24 squares
    s(0, -2),     // queen reaching 25 squares
    s(0, 0),      // queen reaching 26 squares
    s(0, 0),      // queen reaching 27 squares
];
