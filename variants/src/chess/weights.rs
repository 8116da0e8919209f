//! The chess evaluation weights, in the layout of [`super::evaluation`]. Fitted by `amity tune
//! --variant chess` to 132,430 quiet positions of Amity's self-play, each labelled with
//! Stockfish's evaluation at 8,000 nodes (`scripts/stockfish_labels.py`): a fit to the games'
//! own results learnt Amity's misjudgements and played worse against Stockfish, a fit to a
//! stronger judge does not. Change them by tuning, not by hand.

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
    s(85, 110),   // pawn on a2
    s(87, 113),   // pawn on b2
    s(75, 130),   // pawn on c2
    s(75, 121),   // pawn on d2
    s(72, 129),   // pawn on e2
    s(103, 117),  // pawn on f2
    s(105, 112),  // pawn on g2
    s(81, 118),   // pawn on h2
    s(92, 113),   // pawn on a3
    s(80, 113),   // pawn on b3
    s(85, 112),   // pawn on c3
    s(78, 109),   // pawn on d3
    s(81, 116),   // pawn on e3
    s(94, 107),   // pawn on f3
    s(102, 107),  // pawn on g3
    s(83, 106),   // pawn on h3
    s(88, 116),   // pawn on a4
    s(78, 113),   // pawn on b4
    s(97, 116),   // pawn on c4
    s(114, 94),   // pawn on d4
    s(109, 106),  // pawn on e4
    s(110, 101),  // pawn on f4
    s(86, 116),   // pawn on g4
    s(79, 124),   // pawn on h4
    s(102, 129),  // pawn on a5
    s(96, 133),   // pawn on b5
    s(114, 126),  // pawn on c5
    s(116, 116),  // pawn on d5
    s(118, 108),  // pawn on e5
    s(114, 134),  // pawn on f5
    s(101, 133),  // pawn on g5
    s(100, 125),  // pawn on h5
    s(107, 138),  // pawn on a6
    s(109, 149),  // pawn on b6
    s(118, 151),  // pawn on c6
    s(106, 140),  // pawn on d6
    s(107, 140),  // pawn on e6
    s(113, 154),  // pawn on f6
    s(114, 148),  // pawn on g6
    s(112, 146),  // pawn on h6
    s(130, 155),  // pawn on a7
    s(130, 176),  // pawn on b7
    s(135, 176),  // pawn on c7
    s(127, 167),  // pawn on d7
    s(130, 174),  // pawn on e7
    s(133, 176),  // pawn on f7
    s(130, 176),  // pawn on g7
    s(130, 170),  // pawn on h7
    s(90, 115),   // pawn on a8
    s(90, 115),   // pawn on b8
    s(90, 115),   // pawn on c8
    s(90, 115),   // pawn on d8
    s(90, 115),   // pawn on e8
    s(90, 115),   // pawn on f8
    s(90, 115),   // pawn on g8
    s(90, 115),   // pawn on h8
    s(287, 273),  // knight on a1
    s(304, 280),  // knight on b1
    s(306, 287),  // knight on c1
    s(317, 294),  // knight on d1
    s(311, 294),  // knight on e1
    s(302, 283),  // knight on f1
    s(308, 282),  // knight on g1
    s(287, 273),  // knight on h1
    s(296, 283),  // knight on a2
    s(307, 287),  // knight on b2
    s(322, 291),  // knight on c2
    s(330, 304),  // knight on d2
    s(336, 301),  // knight on e2
    s(319, 294),  // knight on f2
    s(305, 287),  // knight on g2
    s(296, 282),  // knight on h2
    s(288, 287),  // knight on a3
    s(317, 296),  // knight on b3
    s(318, 307),  // knight on c3
    s(335, 309),  // knight on d3
    s(336, 314),  // knight on e3
    s(327, 303),  // knight on f3
    s(317, 296),  // knight on g3
    s(303, 287),  // knight on h3
    s(318, 291),  // knight on a4
    s(320, 300),  // knight on b4
    s(330, 305),  // knight on c4
    s(334, 321),  // knight on d4
    s(333, 315),  // knight on e4
    s(332, 308),  // knight on f4
    s(323, 298),  // knight on g4
    s(319, 297),  // knight on h4
    s(317, 297),  // knight on a5
    s(320, 303),  // knight on b5
    s(325, 311),  // knight on c5
    s(349, 309),  // knight on d5
    s(347, 311),  // knight on e5
    s(336, 311),  // knight on f5
    s(326, 303),  // knight on g5
    s(325, 296),  // knight on h5
    s(302, 287),  // knight on a6
    s(313, 291),  // knight on b6
    s(323, 304),  // knight on c6
    s(332, 311),  // knight on d6
    s(344, 314),  // knight on e6
    s(325, 295),  // knight on f6
    s(314, 291),  // knight on g6
    s(305, 287),  // knight on h6
    s(296, 280),  // knight on a7
    s(305, 287),  // knight on b7
    s(313, 297),  // knight on c7
    s(323, 301),  // knight on d7
    s(323, 298),  // knight on e7
    s(314, 291),  // knight on f7
    s(305, 287),  // knight on g7
    s(293, 283),  // knight on h7
    s(278, 262),  // knight on a8
    s(296, 280),  // knight on b8
    s(305, 287),  // knight on c8
    s(314, 294),  // knight on d8
    s(314, 294),  // knight on e8
    s(303, 287),  // knight on f8
    s(296, 280),  // knight on g8
    s(287, 273),  // knight on h8
    s(306, 285),  // bishop on a1
    s(304, 292),  // bishop on b1
    s(309, 278),  // bishop on c1
    s(309, 300),  // bishop on d1
    s(315, 300),  // bishop on e1
    s(312, 288),  // bishop on f1
    s(307, 291),  // bishop on g1
    s(303, 285),  // bishop on h1
    s(307, 295),  // bishop on a2
    s(342, 293),  // bishop on b2
    s(312, 300),  // bishop on c2
    s(324, 306),  // bishop on d2
    s(325, 305),  // bishop on e2
    s(314, 288),  // bishop on f2
    s(336, 297),  // bishop on g2
    s(304, 289),  // bishop on h2
    s(318, 293),  // bishop on a3
    s(323, 308),  // bishop on b3
    s(331, 316),  // bishop on c3
    s(321, 308),  // bishop on d3
    s(308, 310),  // bishop on e3
    s(324, 323),  // bishop on f3
    s(321, 300),  // bishop on g3
    s(313, 296),  // bishop on h3
    s(315, 303),  // bishop on a4
    s(321, 307),  // bishop on b4
    s(312, 309),  // bishop on c4
    s(329, 309),  // bishop on d4
    s(324, 300),  // bishop on e4
    s(308, 308),  // bishop on f4
    s(321, 312),  // bishop on g4
    s(315, 296),  // bishop on h4
    s(314, 299),  // bishop on a5
    s(319, 307),  // bishop on b5
    s(318, 300),  // bishop on c5
    s(329, 306),  // bishop on d5
    s(327, 310),  // bishop on e5
    s(320, 305),  // bishop on f5
    s(319, 311),  // bishop on g5
    s(318, 306),  // bishop on h5
    s(314, 299),  // bishop on a6
    s(315, 302),  // bishop on b6
    s(321, 307),  // bishop on c6
    s(323, 307),  // bishop on d6
    s(329, 312),  // bishop on e6
    s(322, 315),  // bishop on f6
    s(318, 300),  // bishop on g6
    s(312, 293),  // bishop on h6
    s(307, 292),  // bishop on a7
    s(311, 296),  // bishop on b7
    s(312, 294),  // bishop on c7
    s(319, 304),  // bishop on d7
    s(316, 301),  // bishop on e7
    s(315, 298),  // bishop on f7
    s(314, 299),  // bishop on g7
    s(304, 289),  // bishop on h7
    s(303, 288),  // bishop on a8
    s(307, 292),  // bishop on b8
    s(311, 294),  // bishop on c8
    s(315, 299),  // bishop on d8
    s(315, 300),  // bishop on e8
    s(308, 293),  // bishop on f8
    s(307, 292),  // bishop on g8
    s(303, 288),  // bishop on h8
    s(451, 512),  // rook on a1
    s(455, 504),  // rook on b1
    s(466, 505),  // rook on c1
    s(474, 509),  // rook on d1
    s(481, 502),  // rook on e1
    s(484, 499),  // rook on f1
    s(457, 510),  // rook on g1
    s(455, 496),  // rook on h1
    s(450, 507),  // rook on a2
    s(454, 502),  // rook on b2
    s(459, 506),  // rook on c2
    s(467, 507),  // rook on d2
    s(471, 511),  // rook on e2
    s(460, 504),  // rook on f2
    s(454, 500),  // rook on g2
    s(434, 501),  // rook on h2
    s(445, 509),  // rook on a3
    s(452, 503),  // rook on b3
    s(461, 507),  // rook on c3
    s(464, 513),  // rook on d3
    s(464, 504),  // rook on e3
    s(461, 507),  // rook on f3
    s(457, 507),  // rook on g3
    s(458, 507),  // rook on h3
    s(450, 512),  // rook on a4
    s(460, 513),  // rook on b4
    s(467, 513),  // rook on c4
    s(464, 507),  // rook on d4
    s(467, 513),  // rook on e4
    s(461, 504),  // rook on f4
    s(457, 507),  // rook on g4
    s(457, 510),  // rook on h4
    s(458, 513),  // rook on a5
    s(460, 507),  // rook on b5
    s(467, 515),  // rook on c5
    s(470, 517),  // rook on d5
    s(470, 512),  // rook on e5
    s(467, 510),  // rook on f5
    s(460, 508),  // rook on g5
    s(458, 515),  // rook on h5
    s(465, 514),  // rook on a6
    s(461, 509),  // rook on b6
    s(467, 507),  // rook on c6
    s(470, 513),  // rook on d6
    s(470, 515),  // rook on e6
    s(467, 514),  // rook on f6
    s(461, 510),  // rook on g6
    s(456, 507),  // rook on h6
    s(477, 534),  // rook on a7
    s(474, 525),  // rook on b7
    s(483, 527),  // rook on c7
    s(486, 534),  // rook on d7
    s(485, 535),  // rook on e7
    s(477, 522),  // rook on f7
    s(480, 528),  // rook on g7
    s(477, 529),  // rook on h7
    s(461, 518),  // rook on a8
    s(464, 513),  // rook on b8
    s(467, 516),  // rook on c8
    s(470, 516),  // rook on d8
    s(467, 512),  // rook on e8
    s(464, 513),  // rook on f8
    s(464, 516),  // rook on g8
    s(461, 513),  // rook on h8
    s(988, 929),  // queen on a1
    s(995, 934),  // queen on b1
    s(986, 936),  // queen on c1
    s(999, 943),  // queen on d1
    s(986, 944),  // queen on e1
    s(987, 936),  // queen on f1
    s(990, 934),  // queen on g1
    s(988, 929),  // queen on h1
    s(990, 934),  // queen on a2
    s(992, 939),  // queen on b2
    s(1001, 938), // queen on c2
    s(1000, 946), // queen on d2
    s(1002, 946), // queen on e2
    s(988, 942),  // queen on f2
    s(990, 939),  // queen on g2
    s(987, 934),  // queen on h2
    s(985, 936),  // queen on a3
    s(990, 944),  // queen on b3
    s(987, 946),  // queen on c3
    s(987, 951),  // queen on d3
    s(999, 957),  // queen on e3
    s(994, 954),  // queen on f3
    s(1000, 947), // queen on g3
    s(984, 939),  // queen on h3
    s(994, 944),  // queen on a4
    s(989, 949),  // queen on b4
    s(991, 954),  // queen on c4
    s(990, 959),  // queen on d4
    s(987, 959),  // queen on e4
    s(991, 957),  // queen on f4
    s(988, 949),  // queen on g4
    s(994, 944),  // queen on h4
    s(989, 944),  // queen on a5
    s(992, 949),  // queen on b5
    s(997, 954),  // queen on c5
    s(988, 956),  // queen on d5
    s(994, 959),  // queen on e5
    s(994, 954),  // queen on f5
    s(992, 951),  // queen on g5
    s(989, 944),  // queen on h5
    s(990, 939),  // queen on a6
    s(990, 947),  // queen on b6
    s(992, 949),  // queen on c6
    s(991, 954),  // queen on d6
    s(994, 954),  // queen on e6
    s(995, 952),  // queen on f6
    s(995, 944),  // queen on g6
    s(995, 942),  // queen on h6
    s(990, 934),  // queen on a7
    s(993, 942),  // queen on b7
    s(992, 947),  // queen on c7
    s(992, 949),  // queen on d7
    s(992, 949),  // queen on e7
    s(995, 947),  // queen on f7
    s(990, 939),  // queen on g7
    s(993, 934),  // queen on h7
    s(986, 929),  // queen on a8
    s(990, 934),  // queen on b8
    s(990, 939),  // queen on c8
    s(992, 944),  // queen on d8
    s(995, 944),  // queen on e8
    s(993, 942),  // queen on f8
    s(990, 934),  // queen on g8
    s(991, 929),  // queen on h8
    s(20, -30),   // king on a1
    s(40, -23),   // king on b1
    s(20, -15),   // king on c1
    s(-23, -3),   // king on d1
    s(-1, -11),   // king on e1
    s(-5, -19),   // king on f1
    s(34, -30),   // king on g1
    s(-2, -38),   // king on h1
    s(-10, -23),  // king on a2
    s(2, -1),     // king on b2
    s(-17, 2),    // king on c2
    s(-24, 19),   // king on d2
    s(-24, 14),   // king on e2
    s(-13, -4),   // king on f2
    s(7, -9),     // king on g2
    s(-10, -24),  // king on h2
    s(-37, -3),   // king on a3
    s(-30, -4),   // king on b3
    s(-48, 12),   // king on c3
    s(-60, 11),   // king on d3
    s(-63, 25),   // king on e3
    s(-50, 14),   // king on f3
    s(-27, -1),   // king on g3
    s(-37, -8),   // king on h3
    s(-70, 1),    // king on a4
    s(-57, 18),   // king on b4
    s(-80, 18),   // king on c4
    s(-95, 20),   // king on d4
    s(-94, 27),   // king on e4
    s(-83, 13),   // king on f4
    s(-58, 21),   // king on g4
    s(-67, 6),    // king on h4
    s(-100, 0),   // king on a5
    s(-90, 17),   // king on b5
    s(-110, 24),  // king on c5
    s(-123, 20),  // king on d5
    s(-120, 32),  // king on e5
    s(-110, 25),  // king on f5
    s(-88, 18),   // king on g5
    s(-100, -3),  // king on h5
    s(-130, -12), // king on a6
    s(-120, 3),   // king on b6
    s(-140, 12),  // king on c6
    s(-150, 24),  // king on d6
    s(-150, 28),  // king on e6
    s(-140, 19),  // king on f6
    s(-118, 7),   // king on g6
    s(-130, -14), // king on h6
    s(-160, -23), // king on a7
    s(-150, -12), // king on b7
    s(-170, 0),   // king on c7
    s(-180, 12),  // king on d7
    s(-180, 12),  // king on e7
    s(-170, 4),   // king on f7
    s(-150, -10), // king on g7
    s(-160, -24), // king on h7
    s(-190, -36), // king on a8
    s(-180, -24), // king on b8
    s(-200, -12), // king on c8
    s(-210, 3),   // king on d8
    s(-210, 3),   // king on e8
    s(-200, -12), // king on f8
    s(-180, -24), // king on g8
    s(-190, -42), // king on h8
    s(12, -1),    // knight mobility
    s(9, 0),      // bishop mobility
    s(6, 0),      // rook mobility
    s(3, 0),      // queen mobility
    s(0, 2),      // lone attacker of the king's zone
    s(4, -1),     // king danger
    s(-14, -22),  // doubled pawn
    s(-13, -2),   // isolated pawn
    s(9, -3),     // supported pawn
    s(0, 0),      // passed pawn on rank 1
    s(-11, 0),    // passed pawn on rank 2
    s(-5, -3),    // passed pawn on rank 3
    s(-14, 24),   // passed pawn on rank 4
    s(8, 61),     // passed pawn on rank 5
    s(35, 92),    // passed pawn on rank 6
    s(66, 125),   // passed pawn on rank 7
    s(0, 0),      // passed pawn on rank 8
    s(-1, 5),     // king distances to a passer
    s(57, 60),    // bishop pair
    s(47, 2),     // rook on an open file
    s(25, 19),    // rook on a half-open file
    s(11, -8),    // shield pawn one rank ahead
    s(5, -6),     // shield pawn two ranks ahead
    s(-4, 3),     // shield file without a pawn
    s(49, 17),    // side to move
    s(34, 9),     // pawn attacks a piece, by the side to move
    s(14, 6),     // minor attacks a rook or queen, by the side to move
    s(0, 0),      // rook attacks a queen, by the side to move
    s(28, 11),    // piece attacked and undefended, by the side to move
    s(29, 24),    // pawn attacked and undefended, by the side to move
    s(56, 4),     // pawn attacks a piece, by the side not to move
    s(35, 11),    // minor attacks a rook or queen, by the side not to move
    s(9, 3),      // rook attacks a queen, by the side not to move
    s(28, 14),    // piece attacked and undefended, by the side not to move
    s(10, 26),    // pawn attacked and undefended, by the side not to move
    s(0, 0),      // blocked passer on rank 1
    s(-1, -7),    // blocked passer on rank 2
    s(1, -7),     // blocked passer on rank 3
    s(-6, -7),    // blocked passer on rank 4
    s(-5, -2),    // blocked passer on rank 5
    s(-6, 1),     // blocked passer on rank 6
    s(-5, -6),    // blocked passer on rank 7
    s(0, 0),      // blocked passer on rank 8
    s(0, 0),      // free passer on rank 1
    s(-1, 2),     // free passer on rank 2
    s(-2, -1),    // free passer on rank 3
    s(-5, 12),    // free passer on rank 4
    s(0, 23),     // free passer on rank 5
    s(2, 36),     // free passer on rank 6
    s(4, 24),     // free passer on rank 7
    s(0, 0),      // free passer on rank 8
    s(35, 18),    // knight outpost
    s(19, -3),    // safe knight check
    s(13, 4),     // safe bishop check
    s(26, -3),    // safe rook check
    s(29, 5),     // safe queen check
    s(5, 1),      // pawn phalanx
    s(0, -2),     // knight reaching 0 squares
    s(6, -5),     // knight reaching 1 squares
    s(6, 0),      // knight reaching 2 squares
    s(3, 3),      // knight reaching 3 squares
    s(4, 3),      // knight reaching 4 squares
    s(3, 10),     // knight reaching 5 squares
    s(-1, 8),     // knight reaching 6 squares
    s(-3, -4),    // knight reaching 7 squares
    s(-4, -11),   // knight reaching 8 squares
    s(-3, -4),    // bishop reaching 0 squares
    s(2, -6),     // bishop reaching 1 squares
    s(5, -4),     // bishop reaching 2 squares
    s(7, 0),      // bishop reaching 3 squares
    s(5, -1),     // bishop reaching 4 squares
    s(2, 0),      // bishop reaching 5 squares
    s(-1, 2),     // bishop reaching 6 squares
    s(-3, 3),     // bishop reaching 7 squares
    s(1, 6),      // bishop reaching 8 squares
    s(0, 5),      // bishop reaching 9 squares
    s(0, -1),     // bishop reaching 10 squares
    s(0, 1),      // bishop reaching 11 squares
    s(0, -1),     // bishop reaching 12 squares
    s(-3, -7),    // bishop reaching 13 squares
    s(-8, -4),    // rook reaching 0 squares
    s(1, -8),     // rook reaching 1 squares
    s(0, -6),     // rook reaching 2 squares
    s(-1, -5),    // rook reaching 3 squares
    s(0, -3),     // rook reaching 4 squares
    s(0, -2),     // rook reaching 5 squares
    s(-5, 0),     // rook reaching 6 squares
    s(-3, 1),     // rook reaching 7 squares
    s(-1, 5),     // rook reaching 8 squares
    s(2, 4),      // rook reaching 9 squares
    s(2, 4),      // rook reaching 10 squares
    s(1, 6),      // rook reaching 11 squares
    s(0, 5),      // rook reaching 12 squares
    s(1, 1),      // rook reaching 13 squares
    s(0, -15),    // rook reaching 14 squares
    s(3, 0),      // queen reaching 0 squares
    s(0, 0),      // queen reaching 1 squares
    s(1, 0),      // queen reaching 2 squares
    s(0, -1),     // queen reaching 3 squares
    s(-1, -1),    // queen reaching 4 squares
    s(0, -1),     // queen reaching 5 squares
    s(-2, -1),    // queen reaching 6 squares
    s(-2, -1),    // queen reaching 7 squares
    s(3, 1),      // queen reaching 8 squares
    s(1, 1),      // queen reaching 9 squares
    s(1, 2),      // queen reaching 10 squares
    s(1, 1),      // queen reaching 11 squares
    s(0, 1),      // queen reaching 12 squares
    s(-1, 1),     // queen reaching 13 squares
    s(0, 1),      // queen reaching 14 squares
    s(-1, 0),     // queen reaching 15 squares
    s(0, 0),      // queen reaching 16 squares
    s(1, 1),      // queen reaching 17 squares
    s(1, 0),      // queen reaching 18 squares
    s(-1, -2),    // queen reaching 19 squares
    s(0, -1),     // queen reaching 20 squares
    s(0, 0),      // queen reaching 21 squares
    s(0, 0),      // queen reaching 22 squares
    s(0, 0),      // queen reaching 23 squares
    s(0, -1),     // queen reaching 24 squares
    s(0, -1),     // queen reaching 25 squares
    s(0, 0),      // queen reaching 26 squares
    s(0, 0),      // queen reaching 27 squares
];
