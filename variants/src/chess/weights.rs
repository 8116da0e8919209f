//! The chess evaluation weights, in the layout of [`super::evaluation`]. Fitted by `amity tune
//! --variant chess` to 261,940 quiet positions of Amity's self-play, each labelled with
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
    s(82, 111),   // pawn on a2
    s(87, 115),   // pawn on b2
    s(73, 131),   // pawn on c2
    s(72, 121),   // pawn on d2
    s(71, 129),   // pawn on e2
    s(100, 118),  // pawn on f2
    s(108, 111),  // pawn on g2
    s(78, 117),   // pawn on h2
    s(89, 114),   // pawn on a3
    s(78, 113),   // pawn on b3
    s(83, 114),   // pawn on c3
    s(77, 107),   // pawn on d3
    s(79, 117),   // pawn on e3
    s(91, 107),   // pawn on f3
    s(102, 105),  // pawn on g3
    s(82, 109),   // pawn on h3
    s(87, 113),   // pawn on a4
    s(76, 112),   // pawn on b4
    s(96, 112),   // pawn on c4
    s(113, 93),   // pawn on d4
    s(111, 103),  // pawn on e4
    s(111, 96),   // pawn on f4
    s(87, 114),   // pawn on g4
    s(77, 122),   // pawn on h4
    s(102, 126),  // pawn on a5
    s(96, 132),   // pawn on b5
    s(113, 124),  // pawn on c5
    s(119, 115),  // pawn on d5
    s(117, 106),  // pawn on e5
    s(114, 128),  // pawn on f5
    s(99, 130),   // pawn on g5
    s(97, 120),   // pawn on h5
    s(108, 139),  // pawn on a6
    s(109, 149),  // pawn on b6
    s(118, 151),  // pawn on c6
    s(106, 139),  // pawn on d6
    s(107, 137),  // pawn on e6
    s(113, 153),  // pawn on f6
    s(114, 148),  // pawn on g6
    s(112, 142),  // pawn on h6
    s(131, 154),  // pawn on a7
    s(131, 179),  // pawn on b7
    s(135, 176),  // pawn on c7
    s(126, 166),  // pawn on d7
    s(130, 174),  // pawn on e7
    s(133, 176),  // pawn on f7
    s(130, 178),  // pawn on g7
    s(130, 171),  // pawn on h7
    s(90, 115),   // pawn on a8
    s(90, 115),   // pawn on b8
    s(90, 115),   // pawn on c8
    s(90, 115),   // pawn on d8
    s(90, 115),   // pawn on e8
    s(90, 115),   // pawn on f8
    s(90, 115),   // pawn on g8
    s(90, 115),   // pawn on h8
    s(287, 273),  // knight on a1
    s(303, 279),  // knight on b1
    s(306, 287),  // knight on c1
    s(318, 295),  // knight on d1
    s(310, 294),  // knight on e1
    s(301, 282),  // knight on f1
    s(308, 282),  // knight on g1
    s(287, 273),  // knight on h1
    s(296, 283),  // knight on a2
    s(307, 287),  // knight on b2
    s(322, 290),  // knight on c2
    s(330, 303),  // knight on d2
    s(333, 299),  // knight on e2
    s(321, 295),  // knight on f2
    s(305, 287),  // knight on g2
    s(296, 282),  // knight on h2
    s(287, 287),  // knight on a3
    s(317, 294),  // knight on b3
    s(318, 307),  // knight on c3
    s(335, 309),  // knight on d3
    s(337, 315),  // knight on e3
    s(328, 304),  // knight on f3
    s(318, 297),  // knight on g3
    s(303, 288),  // knight on h3
    s(318, 290),  // knight on a4
    s(319, 300),  // knight on b4
    s(330, 305),  // knight on c4
    s(333, 323),  // knight on d4
    s(334, 316),  // knight on e4
    s(333, 308),  // knight on f4
    s(323, 297),  // knight on g4
    s(321, 297),  // knight on h4
    s(318, 297),  // knight on a5
    s(319, 302),  // knight on b5
    s(324, 312),  // knight on c5
    s(350, 308),  // knight on d5
    s(347, 311),  // knight on e5
    s(338, 313),  // knight on f5
    s(327, 303),  // knight on g5
    s(328, 297),  // knight on h5
    s(302, 287),  // knight on a6
    s(313, 290),  // knight on b6
    s(324, 305),  // knight on c6
    s(333, 313),  // knight on d6
    s(345, 314),  // knight on e6
    s(326, 294),  // knight on f6
    s(314, 291),  // knight on g6
    s(305, 287),  // knight on h6
    s(297, 280),  // knight on a7
    s(305, 287),  // knight on b7
    s(313, 297),  // knight on c7
    s(323, 301),  // knight on d7
    s(323, 297),  // knight on e7
    s(314, 290),  // knight on f7
    s(305, 287),  // knight on g7
    s(293, 283),  // knight on h7
    s(276, 260),  // knight on a8
    s(296, 280),  // knight on b8
    s(305, 287),  // knight on c8
    s(314, 294),  // knight on d8
    s(314, 294),  // knight on e8
    s(303, 287),  // knight on f8
    s(296, 280),  // knight on g8
    s(287, 273),  // knight on h8
    s(306, 284),  // bishop on a1
    s(303, 291),  // bishop on b1
    s(309, 276),  // bishop on c1
    s(307, 299),  // bishop on d1
    s(315, 299),  // bishop on e1
    s(308, 288),  // bishop on f1
    s(307, 290),  // bishop on g1
    s(303, 285),  // bishop on h1
    s(307, 295),  // bishop on a2
    s(340, 291),  // bishop on b2
    s(313, 300),  // bishop on c2
    s(321, 304),  // bishop on d2
    s(326, 305),  // bishop on e2
    s(314, 285),  // bishop on f2
    s(339, 295),  // bishop on g2
    s(303, 288),  // bishop on h2
    s(317, 293),  // bishop on a3
    s(325, 306),  // bishop on b3
    s(332, 317),  // bishop on c3
    s(321, 308),  // bishop on d3
    s(309, 312),  // bishop on e3
    s(325, 322),  // bishop on f3
    s(322, 299),  // bishop on g3
    s(315, 297),  // bishop on h3
    s(315, 302),  // bishop on a4
    s(321, 306),  // bishop on b4
    s(313, 309),  // bishop on c4
    s(331, 310),  // bishop on d4
    s(324, 300),  // bishop on e4
    s(309, 310),  // bishop on f4
    s(322, 313),  // bishop on g4
    s(315, 295),  // bishop on h4
    s(314, 298),  // bishop on a5
    s(321, 307),  // bishop on b5
    s(318, 300),  // bishop on c5
    s(330, 307),  // bishop on d5
    s(329, 311),  // bishop on e5
    s(320, 304),  // bishop on f5
    s(322, 313),  // bishop on g5
    s(318, 307),  // bishop on h5
    s(315, 300),  // bishop on a6
    s(315, 303),  // bishop on b6
    s(321, 308),  // bishop on c6
    s(323, 308),  // bishop on d6
    s(330, 313),  // bishop on e6
    s(323, 318),  // bishop on f6
    s(318, 301),  // bishop on g6
    s(312, 293),  // bishop on h6
    s(307, 292),  // bishop on a7
    s(311, 297),  // bishop on b7
    s(311, 293),  // bishop on c7
    s(319, 303),  // bishop on d7
    s(315, 301),  // bishop on e7
    s(315, 298),  // bishop on f7
    s(314, 298),  // bishop on g7
    s(304, 289),  // bishop on h7
    s(303, 288),  // bishop on a8
    s(307, 292),  // bishop on b8
    s(311, 294),  // bishop on c8
    s(315, 299),  // bishop on d8
    s(315, 299),  // bishop on e8
    s(307, 292),  // bishop on f8
    s(307, 292),  // bishop on g8
    s(303, 288),  // bishop on h8
    s(453, 512),  // rook on a1
    s(457, 505),  // rook on b1
    s(466, 506),  // rook on c1
    s(473, 507),  // rook on d1
    s(484, 500),  // rook on e1
    s(483, 495),  // rook on f1
    s(457, 509),  // rook on g1
    s(456, 496),  // rook on h1
    s(448, 505),  // rook on a2
    s(452, 500),  // rook on b2
    s(457, 506),  // rook on c2
    s(465, 505),  // rook on d2
    s(471, 510),  // rook on e2
    s(460, 504),  // rook on f2
    s(453, 498),  // rook on g2
    s(431, 499),  // rook on h2
    s(444, 509),  // rook on a3
    s(451, 502),  // rook on b3
    s(460, 507),  // rook on c3
    s(463, 512),  // rook on d3
    s(464, 504),  // rook on e3
    s(460, 507),  // rook on f3
    s(455, 505),  // rook on g3
    s(457, 505),  // rook on h3
    s(449, 512),  // rook on a4
    s(460, 514),  // rook on b4
    s(467, 514),  // rook on c4
    s(464, 507),  // rook on d4
    s(467, 514),  // rook on e4
    s(461, 504),  // rook on f4
    s(457, 507),  // rook on g4
    s(455, 510),  // rook on h4
    s(459, 513),  // rook on a5
    s(459, 506),  // rook on b5
    s(467, 516),  // rook on c5
    s(470, 517),  // rook on d5
    s(471, 513),  // rook on e5
    s(468, 509),  // rook on f5
    s(460, 508),  // rook on g5
    s(457, 515),  // rook on h5
    s(466, 514),  // rook on a6
    s(461, 509),  // rook on b6
    s(468, 508),  // rook on c6
    s(470, 515),  // rook on d6
    s(470, 516),  // rook on e6
    s(468, 515),  // rook on f6
    s(461, 511),  // rook on g6
    s(456, 507),  // rook on h6
    s(478, 532),  // rook on a7
    s(474, 525),  // rook on b7
    s(484, 526),  // rook on c7
    s(486, 534),  // rook on d7
    s(485, 534),  // rook on e7
    s(477, 521),  // rook on f7
    s(480, 527),  // rook on g7
    s(478, 530),  // rook on h7
    s(462, 520),  // rook on a8
    s(465, 514),  // rook on b8
    s(468, 518),  // rook on c8
    s(470, 517),  // rook on d8
    s(467, 512),  // rook on e8
    s(464, 514),  // rook on f8
    s(464, 517),  // rook on g8
    s(462, 514),  // rook on h8
    s(988, 929),  // queen on a1
    s(995, 933),  // queen on b1
    s(986, 936),  // queen on c1
    s(999, 942),  // queen on d1
    s(985, 944),  // queen on e1
    s(986, 936),  // queen on f1
    s(990, 934),  // queen on g1
    s(988, 929),  // queen on h1
    s(990, 934),  // queen on a2
    s(993, 939),  // queen on b2
    s(1004, 937), // queen on c2
    s(1002, 945), // queen on d2
    s(1005, 945), // queen on e2
    s(989, 942),  // queen on f2
    s(990, 939),  // queen on g2
    s(986, 934),  // queen on h2
    s(984, 936),  // queen on a3
    s(989, 944),  // queen on b3
    s(986, 946),  // queen on c3
    s(987, 950),  // queen on d3
    s(998, 957),  // queen on e3
    s(994, 955),  // queen on f3
    s(1000, 947), // queen on g3
    s(983, 939),  // queen on h3
    s(994, 944),  // queen on a4
    s(988, 949),  // queen on b4
    s(991, 954),  // queen on c4
    s(988, 959),  // queen on d4
    s(986, 959),  // queen on e4
    s(991, 957),  // queen on f4
    s(988, 949),  // queen on g4
    s(993, 944),  // queen on h4
    s(988, 944),  // queen on a5
    s(992, 949),  // queen on b5
    s(997, 954),  // queen on c5
    s(987, 956),  // queen on d5
    s(993, 959),  // queen on e5
    s(994, 954),  // queen on f5
    s(992, 952),  // queen on g5
    s(988, 944),  // queen on h5
    s(991, 939),  // queen on a6
    s(989, 947),  // queen on b6
    s(993, 949),  // queen on c6
    s(991, 954),  // queen on d6
    s(994, 954),  // queen on e6
    s(995, 953),  // queen on f6
    s(996, 944),  // queen on g6
    s(995, 942),  // queen on h6
    s(990, 934),  // queen on a7
    s(992, 942),  // queen on b7
    s(992, 948),  // queen on c7
    s(992, 949),  // queen on d7
    s(992, 949),  // queen on e7
    s(995, 947),  // queen on f7
    s(990, 939),  // queen on g7
    s(994, 934),  // queen on h7
    s(986, 929),  // queen on a8
    s(990, 934),  // queen on b8
    s(990, 939),  // queen on c8
    s(992, 944),  // queen on d8
    s(995, 944),  // queen on e8
    s(993, 942),  // queen on f8
    s(990, 934),  // queen on g8
    s(991, 929),  // queen on h8
    s(19, -29),   // king on a1
    s(39, -25),   // king on b1
    s(20, -16),   // king on c1
    s(-27, -4),   // king on d1
    s(0, -14),    // king on e1
    s(-9, -19),   // king on f1
    s(36, -28),   // king on g1
    s(-4, -38),   // king on h1
    s(-10, -23),  // king on a2
    s(2, -1),     // king on b2
    s(-16, 1),    // king on c2
    s(-25, 16),   // king on d2
    s(-23, 13),   // king on e2
    s(-12, 0),    // king on f2
    s(11, -4),    // king on g2
    s(-9, -23),   // king on h2
    s(-37, -1),   // king on a3
    s(-30, -4),   // king on b3
    s(-48, 10),   // king on c3
    s(-60, 10),   // king on d3
    s(-63, 26),   // king on e3
    s(-50, 16),   // king on f3
    s(-26, 0),    // king on g3
    s(-37, -9),   // king on h3
    s(-70, 1),    // king on a4
    s(-57, 17),   // king on b4
    s(-80, 17),   // king on c4
    s(-95, 20),   // king on d4
    s(-95, 25),   // king on e4
    s(-83, 13),   // king on f4
    s(-58, 21),   // king on g4
    s(-67, 6),    // king on h4
    s(-100, 0),   // king on a5
    s(-90, 19),   // king on b5
    s(-110, 23),  // king on c5
    s(-124, 17),  // king on d5
    s(-120, 31),  // king on e5
    s(-110, 26),  // king on f5
    s(-88, 16),   // king on g5
    s(-100, -3),  // king on h5
    s(-130, -12), // king on a6
    s(-120, 4),   // king on b6
    s(-140, 13),  // king on c6
    s(-150, 24),  // king on d6
    s(-150, 29),  // king on e6
    s(-140, 20),  // king on f6
    s(-118, 7),   // king on g6
    s(-130, -15), // king on h6
    s(-160, -22), // king on a7
    s(-150, -11), // king on b7
    s(-170, 1),   // king on c7
    s(-180, 12),  // king on d7
    s(-180, 12),  // king on e7
    s(-170, 5),   // king on f7
    s(-150, -9),  // king on g7
    s(-160, -24), // king on h7
    s(-190, -36), // king on a8
    s(-180, -23), // king on b8
    s(-200, -12), // king on c8
    s(-210, 3),   // king on d8
    s(-210, 3),   // king on e8
    s(-200, -12), // king on f8
    s(-180, -24), // king on g8
    s(-190, -43), // king on h8
    s(13, -4),    // knight mobility
    s(10, -1),    // bishop mobility
    s(6, 0),      // rook mobility
    s(3, -2),     // queen mobility
    s(0, 2),      // lone attacker of the king's zone
    s(3, 0),      // king danger
    s(-15, -22),  // doubled pawn
    s(-11, -3),   // isolated pawn
    s(11, -2),    // supported pawn
    s(0, 0),      // passed pawn on rank 1
    s(-12, -1),   // passed pawn on rank 2
    s(-7, -3),    // passed pawn on rank 3
    s(-15, 25),   // passed pawn on rank 4
    s(6, 61),     // passed pawn on rank 5
    s(36, 92),    // passed pawn on rank 6
    s(67, 129),   // passed pawn on rank 7
    s(0, 0),      // passed pawn on rank 8
    s(-1, 6),     // king distances to a passer
    s(59, 60),    // bishop pair
    s(49, 0),     // rook on an open file
    s(24, 20),    // rook on a half-open file
    s(12, -9),    // shield pawn one rank ahead
    s(5, -8),     // shield pawn two ranks ahead
    s(-8, 1),     // shield file without a pawn
    s(50, 18),    // side to move
    s(42, 12),    // pawn attacks a piece, by the side to move
    s(19, 8),     // minor attacks a rook or queen, by the side to move
    s(0, 0),      // rook attacks a queen, by the side to move
    s(35, 14),    // piece attacked and undefended, by the side to move
    s(33, 26),    // pawn attacked and undefended, by the side to move
    s(62, 4),     // pawn attacks a piece, by the side not to move
    s(42, 13),    // minor attacks a rook or queen, by the side not to move
    s(13, 4),     // rook attacks a queen, by the side not to move
    s(28, 16),    // piece attacked and undefended, by the side not to move
    s(11, 28),    // pawn attacked and undefended, by the side not to move
    s(0, 0),      // blocked passer on rank 1
    s(-2, -9),    // blocked passer on rank 2
    s(1, -8),     // blocked passer on rank 3
    s(-5, -6),    // blocked passer on rank 4
    s(-7, -4),    // blocked passer on rank 5
    s(-8, -3),    // blocked passer on rank 6
    s(-7, -7),    // blocked passer on rank 7
    s(0, 0),      // blocked passer on rank 8
    s(0, 0),      // free passer on rank 1
    s(-1, 4),     // free passer on rank 2
    s(-2, 1),     // free passer on rank 3
    s(-7, 12),    // free passer on rank 4
    s(0, 27),     // free passer on rank 5
    s(2, 43),     // free passer on rank 6
    s(5, 32),     // free passer on rank 7
    s(0, 0),      // free passer on rank 8
    s(39, 21),    // knight outpost
    s(25, -3),    // safe knight check
    s(13, 6),     // safe bishop check
    s(32, -5),    // safe rook check
    s(28, 1),     // safe queen check
    s(6, 1),      // pawn phalanx
    s(1, -4),     // knight reaching 0 squares
    s(9, -9),     // knight reaching 1 squares
    s(10, -1),    // knight reaching 2 squares
    s(7, 3),      // knight reaching 3 squares
    s(7, 5),      // knight reaching 4 squares
    s(2, 13),     // knight reaching 5 squares
    s(-3, 9),     // knight reaching 6 squares
    s(-4, -5),    // knight reaching 7 squares
    s(-5, -13),   // knight reaching 8 squares
    s(0, -9),     // bishop reaching 0 squares
    s(5, -11),    // bishop reaching 1 squares
    s(9, -9),     // bishop reaching 2 squares
    s(10, -2),    // bishop reaching 3 squares
    s(8, 0),      // bishop reaching 4 squares
    s(3, 2),      // bishop reaching 5 squares
    s(1, 5),      // bishop reaching 6 squares
    s(-4, 5),     // bishop reaching 7 squares
    s(0, 8),      // bishop reaching 8 squares
    s(-1, 5),     // bishop reaching 9 squares
    s(0, 0),      // bishop reaching 10 squares
    s(0, 2),      // bishop reaching 11 squares
    s(0, -1),     // bishop reaching 12 squares
    s(-4, -10),   // bishop reaching 13 squares
    s(-11, -7),   // rook reaching 0 squares
    s(-1, -12),   // rook reaching 1 squares
    s(-1, -9),    // rook reaching 2 squares
    s(0, -9),     // rook reaching 3 squares
    s(1, -6),     // rook reaching 4 squares
    s(-1, -3),    // rook reaching 5 squares
    s(-7, 0),     // rook reaching 6 squares
    s(-3, 3),     // rook reaching 7 squares
    s(-3, 8),     // rook reaching 8 squares
    s(1, 7),      // rook reaching 9 squares
    s(3, 6),      // rook reaching 10 squares
    s(1, 8),      // rook reaching 11 squares
    s(0, 6),      // rook reaching 12 squares
    s(1, 3),      // rook reaching 13 squares
    s(1, -23),    // rook reaching 14 squares
    s(4, 0),      // queen reaching 0 squares
    s(1, 0),      // queen reaching 1 squares
    s(2, 0),      // queen reaching 2 squares
    s(0, -2),     // queen reaching 3 squares
    s(-1, -2),    // queen reaching 4 squares
    s(-2, -2),    // queen reaching 5 squares
    s(-1, -1),    // queen reaching 6 squares
    s(0, -1),     // queen reaching 7 squares
    s(3, 1),      // queen reaching 8 squares
    s(1, 1),      // queen reaching 9 squares
    s(0, 3),      // queen reaching 10 squares
    s(2, 2),      // queen reaching 11 squares
    s(-1, 2),     // queen reaching 12 squares
    s(0, 2),      // queen reaching 13 squares
    s(-1, 2),     // queen reaching 14 squares
    s(-1, 1),     // queen reaching 15 squares
    s(0, 0),      // queen reaching 16 squares
    s(2, 2),      // queen reaching 17 squares
    s(1, 0),      // queen reaching 18 squares
    s(-1, -3),    // queen reaching 19 squares
    s(0, -1),     // queen reaching 20 squares
    s(0, 0),      // queen reaching 21 squares
    s(0, 0),      // queen reaching 22 squares
    s(0, -1),     // queen reaching 23 squares
    s(0, -2),     // queen reaching 24 squares
    s(0, -2),     // queen reaching 25 squares
    s(0, 0),      // queen reaching 26 squares
    s(0, 0),      // queen reaching 27 squares
];
