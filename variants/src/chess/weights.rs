//! The chess evaluation weights, in the layout of [`super::evaluation`]. Fitted by `amity tune
//! --variant chess`, starting from the weights before them, to 312,924 quiet positions of
//! Amity's self-play (4,000 games at 2,000 nodes a move), each labelled with Stockfish's
//! evaluation at 6,000 nodes (`scripts/stockfish_labels.py`); those earlier weights had been
//! fitted the same way to 916,986 positions. A fit to the games' own results learnt Amity's
//! misjudgements and played worse against Stockfish; a fit to a stronger judge does not.
//! Change them by tuning, not by hand.

use amity_engine::evaluation::{Tapered, s};

/// Every weight, middlegame and endgame.
pub const WEIGHTS: [Tapered; 514] = [
    s(90, 115),   // pawn on a1
    s(90, 115),   // pawn on b1
    s(90, 115),   // pawn on c1
    s(90, 115),   // pawn on d1
    s(90, 115),   // pawn on e1
    s(90, 115),   // pawn on f1
    s(90, 115),   // pawn on g1
    s(90, 115),   // pawn on h1
    s(69, 115),   // pawn on a2
    s(79, 112),   // pawn on b2
    s(70, 118),   // pawn on c2
    s(68, 120),   // pawn on d2
    s(71, 123),   // pawn on e2
    s(94, 118),   // pawn on f2
    s(108, 106),  // pawn on g2
    s(78, 102),   // pawn on h2
    s(79, 108),   // pawn on a3
    s(69, 113),   // pawn on b3
    s(77, 104),   // pawn on c3
    s(72, 115),   // pawn on d3
    s(77, 113),   // pawn on e3
    s(85, 106),   // pawn on f3
    s(99, 100),   // pawn on g3
    s(77, 104),   // pawn on h3
    s(76, 114),   // pawn on a4
    s(70, 116),   // pawn on b4
    s(98, 100),   // pawn on c4
    s(106, 94),   // pawn on d4
    s(109, 96),   // pawn on e4
    s(109, 99),   // pawn on f4
    s(88, 109),   // pawn on g4
    s(75, 102),   // pawn on h4
    s(93, 113),   // pawn on a5
    s(95, 125),   // pawn on b5
    s(100, 113),  // pawn on c5
    s(115, 103),  // pawn on d5
    s(121, 105),  // pawn on e5
    s(116, 107),  // pawn on f5
    s(98, 121),   // pawn on g5
    s(93, 112),   // pawn on h5
    s(110, 138),  // pawn on a6
    s(106, 155),  // pawn on b6
    s(114, 148),  // pawn on c6
    s(115, 142),  // pawn on d6
    s(110, 131),  // pawn on e6
    s(113, 141),  // pawn on f6
    s(112, 137),  // pawn on g6
    s(114, 130),  // pawn on h6
    s(136, 159),  // pawn on a7
    s(132, 179),  // pawn on b7
    s(133, 176),  // pawn on c7
    s(127, 172),  // pawn on d7
    s(132, 173),  // pawn on e7
    s(133, 173),  // pawn on f7
    s(130, 177),  // pawn on g7
    s(128, 160),  // pawn on h7
    s(90, 115),   // pawn on a8
    s(90, 115),   // pawn on b8
    s(90, 115),   // pawn on c8
    s(90, 115),   // pawn on d8
    s(90, 115),   // pawn on e8
    s(90, 115),   // pawn on f8
    s(90, 115),   // pawn on g8
    s(90, 115),   // pawn on h8
    s(286, 271),  // knight on a1
    s(295, 277),  // knight on b1
    s(303, 286),  // knight on c1
    s(316, 291),  // knight on d1
    s(310, 293),  // knight on e1
    s(299, 282),  // knight on f1
    s(305, 279),  // knight on g1
    s(287, 272),  // knight on h1
    s(295, 283),  // knight on a2
    s(308, 287),  // knight on b2
    s(317, 286),  // knight on c2
    s(326, 297),  // knight on d2
    s(329, 298),  // knight on e2
    s(324, 291),  // knight on f2
    s(306, 289),  // knight on g2
    s(301, 282),  // knight on h2
    s(291, 286),  // knight on a3
    s(318, 296),  // knight on b3
    s(318, 304),  // knight on c3
    s(339, 312),  // knight on d3
    s(340, 307),  // knight on e3
    s(331, 300),  // knight on f3
    s(327, 299),  // knight on g3
    s(302, 287),  // knight on h3
    s(316, 290),  // knight on a4
    s(318, 298),  // knight on b4
    s(331, 309),  // knight on c4
    s(334, 317),  // knight on d4
    s(334, 317),  // knight on e4
    s(336, 311),  // knight on f4
    s(323, 294),  // knight on g4
    s(324, 296),  // knight on h4
    s(318, 294),  // knight on a5
    s(324, 303),  // knight on b5
    s(327, 317),  // knight on c5
    s(352, 314),  // knight on d5
    s(341, 320),  // knight on e5
    s(343, 316),  // knight on f5
    s(331, 300),  // knight on g5
    s(332, 295),  // knight on h5
    s(302, 286),  // knight on a6
    s(315, 290),  // knight on b6
    s(325, 308),  // knight on c6
    s(339, 318),  // knight on d6
    s(350, 314),  // knight on e6
    s(328, 296),  // knight on f6
    s(323, 294),  // knight on g6
    s(305, 285),  // knight on h6
    s(296, 280),  // knight on a7
    s(304, 286),  // knight on b7
    s(315, 298),  // knight on c7
    s(323, 301),  // knight on d7
    s(323, 297),  // knight on e7
    s(316, 290),  // knight on f7
    s(305, 287),  // knight on g7
    s(293, 282),  // knight on h7
    s(268, 256),  // knight on a8
    s(296, 280),  // knight on b8
    s(305, 287),  // knight on c8
    s(314, 294),  // knight on d8
    s(314, 294),  // knight on e8
    s(303, 287),  // knight on f8
    s(296, 280),  // knight on g8
    s(285, 272),  // knight on h8
    s(310, 284),  // bishop on a1
    s(303, 290),  // bishop on b1
    s(309, 282),  // bishop on c1
    s(306, 298),  // bishop on d1
    s(314, 295),  // bishop on e1
    s(304, 291),  // bishop on f1
    s(306, 289),  // bishop on g1
    s(303, 284),  // bishop on h1
    s(310, 295),  // bishop on a2
    s(334, 289),  // bishop on b2
    s(318, 297),  // bishop on c2
    s(316, 300),  // bishop on d2
    s(328, 297),  // bishop on e2
    s(314, 285),  // bishop on f2
    s(341, 293),  // bishop on g2
    s(307, 287),  // bishop on h2
    s(318, 295),  // bishop on a3
    s(324, 301),  // bishop on b3
    s(325, 310),  // bishop on c3
    s(320, 307),  // bishop on d3
    s(316, 311),  // bishop on e3
    s(326, 312),  // bishop on f3
    s(325, 294),  // bishop on g3
    s(318, 299),  // bishop on h3
    s(315, 302),  // bishop on a4
    s(321, 307),  // bishop on b4
    s(318, 315),  // bishop on c4
    s(334, 315),  // bishop on d4
    s(333, 304),  // bishop on e4
    s(315, 307),  // bishop on f4
    s(319, 314),  // bishop on g4
    s(316, 294),  // bishop on h4
    s(312, 298),  // bishop on a5
    s(330, 308),  // bishop on b5
    s(318, 302),  // bishop on c5
    s(335, 312),  // bishop on d5
    s(328, 310),  // bishop on e5
    s(324, 306),  // bishop on f5
    s(328, 311),  // bishop on g5
    s(318, 307),  // bishop on h5
    s(315, 302),  // bishop on a6
    s(316, 305),  // bishop on b6
    s(322, 313),  // bishop on c6
    s(323, 306),  // bishop on d6
    s(330, 314),  // bishop on e6
    s(323, 319),  // bishop on f6
    s(324, 303),  // bishop on g6
    s(315, 296),  // bishop on h6
    s(307, 294),  // bishop on a7
    s(311, 299),  // bishop on b7
    s(310, 292),  // bishop on c7
    s(319, 304),  // bishop on d7
    s(314, 304),  // bishop on e7
    s(315, 296),  // bishop on f7
    s(311, 298),  // bishop on g7
    s(302, 289),  // bishop on h7
    s(303, 288),  // bishop on a8
    s(307, 294),  // bishop on b8
    s(311, 296),  // bishop on c8
    s(315, 299),  // bishop on d8
    s(315, 296),  // bishop on e8
    s(307, 292),  // bishop on f8
    s(307, 289),  // bishop on g8
    s(303, 288),  // bishop on h8
    s(458, 507),  // rook on a1
    s(458, 503),  // rook on b1
    s(465, 504),  // rook on c1
    s(478, 500),  // rook on d1
    s(483, 492),  // rook on e1
    s(484, 494),  // rook on f1
    s(455, 508),  // rook on g1
    s(461, 490),  // rook on h1
    s(437, 503),  // rook on a2
    s(450, 496),  // rook on b2
    s(455, 503),  // rook on c2
    s(460, 500),  // rook on d2
    s(469, 506),  // rook on e2
    s(456, 502),  // rook on f2
    s(453, 498),  // rook on g2
    s(425, 497),  // rook on h2
    s(446, 511),  // rook on a3
    s(449, 501),  // rook on b3
    s(455, 504),  // rook on c3
    s(460, 509),  // rook on d3
    s(462, 501),  // rook on e3
    s(460, 506),  // rook on f3
    s(456, 502),  // rook on g3
    s(451, 500),  // rook on h3
    s(448, 512),  // rook on a4
    s(459, 514),  // rook on b4
    s(465, 512),  // rook on c4
    s(465, 511),  // rook on d4
    s(467, 509),  // rook on e4
    s(461, 505),  // rook on f4
    s(457, 507),  // rook on g4
    s(451, 508),  // rook on h4
    s(460, 517),  // rook on a5
    s(460, 512),  // rook on b5
    s(469, 518),  // rook on c5
    s(470, 517),  // rook on d5
    s(471, 512),  // rook on e5
    s(470, 512),  // rook on f5
    s(462, 509),  // rook on g5
    s(460, 517),  // rook on h5
    s(469, 519),  // rook on a6
    s(464, 516),  // rook on b6
    s(470, 515),  // rook on c6
    s(472, 516),  // rook on d6
    s(472, 519),  // rook on e6
    s(469, 516),  // rook on f6
    s(462, 513),  // rook on g6
    s(460, 513),  // rook on h6
    s(478, 528),  // rook on a7
    s(473, 526),  // rook on b7
    s(485, 527),  // rook on c7
    s(485, 526),  // rook on d7
    s(486, 529),  // rook on e7
    s(481, 525),  // rook on f7
    s(479, 521),  // rook on g7
    s(478, 527),  // rook on h7
    s(466, 527),  // rook on a8
    s(465, 516),  // rook on b8
    s(468, 522),  // rook on c8
    s(470, 520),  // rook on d8
    s(468, 513),  // rook on e8
    s(464, 520),  // rook on f8
    s(464, 519),  // rook on g8
    s(466, 519),  // rook on h8
    s(989, 929),  // queen on a1
    s(993, 932),  // queen on b1
    s(990, 935),  // queen on c1
    s(1000, 935), // queen on d1
    s(991, 944),  // queen on e1
    s(984, 935),  // queen on f1
    s(990, 934),  // queen on g1
    s(988, 929),  // queen on h1
    s(989, 934),  // queen on a2
    s(994, 939),  // queen on b2
    s(1006, 933), // queen on c2
    s(1006, 941), // queen on d2
    s(1011, 942), // queen on e2
    s(991, 942),  // queen on f2
    s(991, 939),  // queen on g2
    s(986, 934),  // queen on h2
    s(981, 936),  // queen on a3
    s(988, 944),  // queen on b3
    s(988, 946),  // queen on c3
    s(994, 950),  // queen on d3
    s(995, 956),  // queen on e3
    s(994, 955),  // queen on f3
    s(1000, 947), // queen on g3
    s(988, 939),  // queen on h3
    s(988, 942),  // queen on a4
    s(984, 949),  // queen on b4
    s(990, 954),  // queen on c4
    s(985, 960),  // queen on d4
    s(987, 959),  // queen on e4
    s(987, 957),  // queen on f4
    s(990, 950),  // queen on g4
    s(990, 944),  // queen on h4
    s(983, 944),  // queen on a5
    s(987, 948),  // queen on b5
    s(996, 954),  // queen on c5
    s(982, 956),  // queen on d5
    s(992, 959),  // queen on e5
    s(992, 954),  // queen on f5
    s(990, 952),  // queen on g5
    s(992, 948),  // queen on h5
    s(991, 939),  // queen on a6
    s(988, 947),  // queen on b6
    s(994, 949),  // queen on c6
    s(992, 955),  // queen on d6
    s(995, 954),  // queen on e6
    s(997, 955),  // queen on f6
    s(997, 944),  // queen on g6
    s(998, 942),  // queen on h6
    s(988, 933),  // queen on a7
    s(986, 942),  // queen on b7
    s(992, 948),  // queen on c7
    s(992, 949),  // queen on d7
    s(993, 950),  // queen on e7
    s(996, 947),  // queen on f7
    s(992, 939),  // queen on g7
    s(999, 935),  // queen on h7
    s(986, 929),  // queen on a8
    s(990, 934),  // queen on b8
    s(990, 939),  // queen on c8
    s(992, 944),  // queen on d8
    s(996, 944),  // queen on e8
    s(993, 942),  // queen on f8
    s(990, 934),  // queen on g8
    s(991, 929),  // queen on h8
    s(17, -24),   // king on a1
    s(37, -27),   // king on b1
    s(24, -13),   // king on c1
    s(-30, -13),  // king on d1
    s(0, -20),    // king on e1
    s(-21, -13),  // king on f1
    s(31, -22),   // king on g1
    s(-3, -33),   // king on h1
    s(-7, -15),   // king on a2
    s(4, -2),     // king on b2
    s(-10, 4),    // king on c2
    s(-27, 2),    // king on d2
    s(-20, 4),    // king on e2
    s(-15, 3),    // king on f2
    s(13, -2),    // king on g2
    s(-3, -15),   // king on h2
    s(-37, -3),   // king on a3
    s(-29, -2),   // king on b3
    s(-49, 10),   // king on c3
    s(-59, 15),   // king on d3
    s(-65, 23),   // king on e3
    s(-51, 18),   // king on f3
    s(-26, 7),    // king on g3
    s(-37, -4),   // king on h3
    s(-70, -3),   // king on a4
    s(-57, 16),   // king on b4
    s(-79, 21),   // king on c4
    s(-95, 25),   // king on d4
    s(-97, 27),   // king on e4
    s(-83, 19),   // king on f4
    s(-59, 12),   // king on g4
    s(-67, 0),    // king on h4
    s(-100, 0),   // king on a5
    s(-90, 16),   // king on b5
    s(-110, 23),  // king on c5
    s(-124, 18),  // king on d5
    s(-120, 25),  // king on e5
    s(-110, 20),  // king on f5
    s(-88, 11),   // king on g5
    s(-100, -3),  // king on h5
    s(-130, -10), // king on a6
    s(-120, 2),   // king on b6
    s(-140, 17),  // king on c6
    s(-150, 22),  // king on d6
    s(-150, 20),  // king on e6
    s(-140, 18),  // king on f6
    s(-118, 10),  // king on g6
    s(-130, -14), // king on h6
    s(-160, -22), // king on a7
    s(-150, -7),  // king on b7
    s(-170, 1),   // king on c7
    s(-180, 12),  // king on d7
    s(-180, 11),  // king on e7
    s(-170, 5),   // king on f7
    s(-150, -4),  // king on g7
    s(-160, -21), // king on h7
    s(-190, -36), // king on a8
    s(-180, -23), // king on b8
    s(-200, -12), // king on c8
    s(-210, 1),   // king on d8
    s(-210, 3),   // king on e8
    s(-200, -12), // king on f8
    s(-180, -22), // king on g8
    s(-190, -46), // king on h8
    s(13, -4),    // knight mobility
    s(10, 1),     // bishop mobility
    s(5, 2),      // rook mobility
    s(3, 0),      // queen mobility
    s(-1, 2),     // lone attacker of the king's zone
    s(2, 0),      // king danger
    s(-16, -26),  // doubled pawn
    s(-5, -6),    // isolated pawn
    s(15, -3),    // supported pawn
    s(0, 0),      // passed pawn on rank 1
    s(-7, -3),    // passed pawn on rank 2
    s(-8, 4),     // passed pawn on rank 3
    s(-13, 33),   // passed pawn on rank 4
    s(3, 61),     // passed pawn on rank 5
    s(36, 88),    // passed pawn on rank 6
    s(72, 122),   // passed pawn on rank 7
    s(0, 0),      // passed pawn on rank 8
    s(-2, 6),     // king distances to a passer
    s(58, 59),    // bishop pair
    s(57, -9),    // rook on an open file
    s(25, 12),    // rook on a half-open file
    s(5, -12),    // shield pawn one rank ahead
    s(-3, -1),    // shield pawn two ranks ahead
    s(-13, 5),    // shield file without a pawn
    s(49, 20),    // side to move
    s(68, 21),    // pawn attacks a piece, by the side to move
    s(42, 19),    // minor attacks a rook or queen, by the side to move
    s(1, 0),      // rook attacks a queen, by the side to move
    s(54, 27),    // piece attacked and undefended, by the side to move
    s(32, 35),    // pawn attacked and undefended, by the side to move
    s(71, 4),     // pawn attacks a piece, by the side not to move
    s(55, 10),    // minor attacks a rook or queen, by the side not to move
    s(28, 8),     // rook attacks a queen, by the side not to move
    s(24, 20),    // piece attacked and undefended, by the side not to move
    s(9, 36),     // pawn attacked and undefended, by the side not to move
    s(0, 0),      // blocked passer on rank 1
    s(1, -8),     // blocked passer on rank 2
    s(-1, -11),   // blocked passer on rank 3
    s(-4, -8),    // blocked passer on rank 4
    s(-11, -15),  // blocked passer on rank 5
    s(-14, -17),  // blocked passer on rank 6
    s(-13, -27),  // blocked passer on rank 7
    s(0, 0),      // blocked passer on rank 8
    s(0, 0),      // free passer on rank 1
    s(3, 7),      // free passer on rank 2
    s(-5, 9),     // free passer on rank 3
    s(-8, 17),    // free passer on rank 4
    s(-4, 35),    // free passer on rank 5
    s(8, 72),     // free passer on rank 6
    s(12, 63),    // free passer on rank 7
    s(0, 0),      // free passer on rank 8
    s(36, 16),    // knight outpost
    s(46, -1),    // safe knight check
    s(10, 18),    // safe bishop check
    s(61, -11),   // safe rook check
    s(25, 5),     // safe queen check
    s(7, 2),      // pawn phalanx
    s(12, -10),   // knight reaching 0 squares
    s(21, -20),   // knight reaching 1 squares
    s(19, -16),   // knight reaching 2 squares
    s(12, -7),    // knight reaching 3 squares
    s(9, 0),      // knight reaching 4 squares
    s(2, 12),     // knight reaching 5 squares
    s(-4, 11),    // knight reaching 6 squares
    s(-6, 3),     // knight reaching 7 squares
    s(-10, -9),   // knight reaching 8 squares
    s(12, -23),   // bishop reaching 0 squares
    s(17, -18),   // bishop reaching 1 squares
    s(21, -13),   // bishop reaching 2 squares
    s(20, -3),    // bishop reaching 3 squares
    s(17, 5),     // bishop reaching 4 squares
    s(12, 10),    // bishop reaching 5 squares
    s(3, 10),     // bishop reaching 6 squares
    s(-4, 12),    // bishop reaching 7 squares
    s(-4, 13),    // bishop reaching 8 squares
    s(-7, 3),     // bishop reaching 9 squares
    s(-3, 0),     // bishop reaching 10 squares
    s(-5, -4),    // bishop reaching 11 squares
    s(0, -1),     // bishop reaching 12 squares
    s(-4, -15),   // bishop reaching 13 squares
    s(-8, -15),   // rook reaching 0 squares
    s(3, -20),    // rook reaching 1 squares
    s(2, -15),    // rook reaching 2 squares
    s(7, -13),    // rook reaching 3 squares
    s(2, -3),     // rook reaching 4 squares
    s(-1, 3),     // rook reaching 5 squares
    s(-3, 6),     // rook reaching 6 squares
    s(-3, 9),     // rook reaching 7 squares
    s(-8, 13),    // rook reaching 8 squares
    s(-3, 8),     // rook reaching 9 squares
    s(-1, 5),     // rook reaching 10 squares
    s(-1, 6),     // rook reaching 11 squares
    s(0, 5),      // rook reaching 12 squares
    s(0, 3),      // rook reaching 13 squares
    s(11, -29),   // rook reaching 14 squares
    s(3, 0),      // queen reaching 0 squares
    s(4, 0),      // queen reaching 1 squares
    s(6, 0),      // queen reaching 2 squares
    s(4, -2),     // queen reaching 3 squares
    s(1, -2),     // queen reaching 4 squares
    s(3, -3),     // queen reaching 5 squares
    s(3, -1),     // queen reaching 6 squares
    s(2, -1),     // queen reaching 7 squares
    s(2, 1),      // queen reaching 8 squares
    s(-1, 1),     // queen reaching 9 squares
    s(-3, 4),     // queen reaching 10 squares
    s(-2, 2),     // queen reaching 11 squares
    s(-1, 6),     // queen reaching 12 squares
    s(-2, 6),     // queen reaching 13 squares
    s(1, 7),      // queen reaching 14 squares
    s(-1, 6),     // queen reaching 15 squares
    s(0, 2),      // queen reaching 16 squares
    s(2, 3),      // queen reaching 17 squares
    s(1, 0),      // queen reaching 18 squares
    s(-1, -3),    // queen reaching 19 squares
    s(1, -1),     // queen reaching 20 squares
    s(0, -2),     // queen reaching 21 squares
    s(0, 0),      // queen reaching 22 squares
    s(0, -5),     // queen reaching 23 squares
    s(0, -2),     // queen reaching 24 squares
    s(0, -3),     // queen reaching 25 squares
    s(0, 0),      // queen reaching 26 squares
    s(0, 0),      // queen reaching 27 squares
    s(-9, -4),    // open file at the king
    s(-11, 5),    // half-open file at the king
    s(-12, 6),    // weak square beside the king
    s(-5, -3),    // backward pawn
    s(2, -10),    // own pawn on the bishop's colour
    s(6, 5),      // bishop outpost
    s(4, 6),      // minor behind a pawn
];
