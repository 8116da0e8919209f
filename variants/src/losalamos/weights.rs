//! The losalamos evaluation weights, in the layout of its evaluation module. Written by
//! `amity tune --variant losalamos` from 265268 quiet positions of self-play games;
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
    s(77, 116),  // pawn on a2
    s(92, 148),  // pawn on b2
    s(77, 138),  // pawn on c2
    s(95, 126),  // pawn on d2
    s(96, 108),  // pawn on e2
    s(85, 118),  // pawn on f2
    s(84, 107),  // pawn on a3
    s(104, 150), // pawn on b3
    s(126, 117), // pawn on c3
    s(145, 120), // pawn on d3
    s(123, 124), // pawn on e3
    s(103, 95),  // pawn on f3
    s(85, 114),  // pawn on a4
    s(141, 129), // pawn on b4
    s(161, 82),  // pawn on c4
    s(170, 104), // pawn on d4
    s(184, 133), // pawn on e4
    s(114, 98),  // pawn on f4
    s(177, 164), // pawn on a5
    s(170, 180), // pawn on b5
    s(188, 157), // pawn on c5
    s(174, 210), // pawn on d5
    s(200, 196), // pawn on e5
    s(168, 215), // pawn on f5
    s(100, 100), // pawn on a6
    s(100, 100), // pawn on b6
    s(100, 100), // pawn on c6
    s(100, 100), // pawn on d6
    s(100, 100), // pawn on e6
    s(100, 100), // pawn on f6
    s(284, 301), // knight on a1
    s(337, 248), // knight on b1
    s(367, 280), // knight on c1
    s(305, 304), // knight on d1
    s(313, 275), // knight on e1
    s(278, 279), // knight on f1
    s(320, 277), // knight on a2
    s(333, 341), // knight on b2
    s(330, 301), // knight on c2
    s(363, 290), // knight on d2
    s(367, 304), // knight on e2
    s(365, 315), // knight on f2
    s(330, 308), // knight on a3
    s(314, 313), // knight on b3
    s(260, 341), // knight on c3
    s(263, 319), // knight on d3
    s(298, 323), // knight on e3
    s(324, 330), // knight on f3
    s(306, 323), // knight on a4
    s(351, 311), // knight on b4
    s(295, 313), // knight on c4
    s(355, 304), // knight on d4
    s(347, 346), // knight on e4
    s(331, 297), // knight on f4
    s(319, 283), // knight on a5
    s(323, 335), // knight on b5
    s(326, 328), // knight on c5
    s(319, 318), // knight on d5
    s(337, 327), // knight on e5
    s(310, 313), // knight on f5
    s(258, 273), // knight on a6
    s(290, 301), // knight on b6
    s(308, 317), // knight on c6
    s(293, 313), // knight on d6
    s(272, 294), // knight on e6
    s(285, 279), // knight on f6
    s(398, 454), // rook on a1
    s(414, 461), // rook on b1
    s(440, 442), // rook on c1
    s(470, 439), // rook on d1
    s(452, 433), // rook on e1
    s(430, 423), // rook on f1
    s(403, 451), // rook on a2
    s(439, 465), // rook on b2
    s(468, 420), // rook on c2
    s(456, 443), // rook on d2
    s(413, 433), // rook on e2
    s(426, 391), // rook on f2
    s(440, 452), // rook on a3
    s(419, 465), // rook on b3
    s(475, 441), // rook on c3
    s(450, 451), // rook on d3
    s(446, 446), // rook on e3
    s(458, 442), // rook on f3
    s(465, 451), // rook on a4
    s(475, 468), // rook on b4
    s(479, 471), // rook on c4
    s(466, 481), // rook on d4
    s(474, 479), // rook on e4
    s(470, 469), // rook on f4
    s(493, 464), // rook on a5
    s(475, 483), // rook on b5
    s(474, 463), // rook on c5
    s(491, 477), // rook on d5
    s(477, 481), // rook on e5
    s(457, 449), // rook on f5
    s(459, 454), // rook on a6
    s(469, 466), // rook on b6
    s(474, 486), // rook on c6
    s(479, 490), // rook on d6
    s(464, 472), // rook on e6
    s(485, 475), // rook on f6
    s(849, 845), // queen on a1
    s(804, 841), // queen on b1
    s(830, 885), // queen on c1
    s(816, 838), // queen on d1
    s(856, 843), // queen on e1
    s(833, 845), // queen on f1
    s(818, 812), // queen on a2
    s(850, 812), // queen on b2
    s(833, 848), // queen on c2
    s(852, 826), // queen on d2
    s(886, 849), // queen on e2
    s(843, 861), // queen on f2
    s(841, 834), // queen on a3
    s(834, 846), // queen on b3
    s(813, 887), // queen on c3
    s(836, 869), // queen on d3
    s(857, 865), // queen on e3
    s(829, 848), // queen on f3
    s(815, 822), // queen on a4
    s(879, 854), // queen on b4
    s(875, 883), // queen on c4
    s(865, 864), // queen on d4
    s(871, 874), // queen on e4
    s(896, 868), // queen on f4
    s(850, 852), // queen on a5
    s(853, 854), // queen on b5
    s(881, 867), // queen on c5
    s(865, 870), // queen on d5
    s(886, 873), // queen on e5
    s(864, 856), // queen on f5
    s(845, 843), // queen on a6
    s(856, 850), // queen on b6
    s(855, 854), // queen on c6
    s(862, 861), // queen on d6
    s(856, 851), // queen on e6
    s(862, 862), // queen on f6
    s(15, -51),  // king on a1
    s(20, -38),  // king on b1
    s(0, -31),   // king on c1
    s(21, -41),  // king on d1
    s(13, -32),  // king on e1
    s(21, -69),  // king on f1
    s(-23, -39), // king on a2
    s(-30, 11),  // king on b2
    s(-32, 6),   // king on c2
    s(-43, 10),  // king on d2
    s(-39, 5),   // king on e2
    s(-30, -30), // king on f2
    s(-23, -28), // king on a3
    s(12, 0),    // king on b3
    s(-43, 30),  // king on c3
    s(-56, 28),  // king on d3
    s(-31, -6),  // king on e3
    s(1, -29),   // king on f3
    s(-29, 2),   // king on a4
    s(-16, 34),  // king on b4
    s(-43, 21),  // king on c4
    s(-36, 37),  // king on d4
    s(-11, 36),  // king on e4
    s(-18, -3),  // king on f4
    s(-38, -14), // king on a5
    s(-34, 39),  // king on b5
    s(-42, 19),  // king on c5
    s(-54, 14),  // king on d5
    s(-33, 33),  // king on e5
    s(-46, -16), // king on f5
    s(-50, -33), // king on a6
    s(-46, -10), // king on b6
    s(-48, -6),  // king on c6
    s(-48, 1),   // king on d6
    s(-40, 15),  // king on e6
    s(-50, -43), // king on f6
    s(30, 4),    // knight mobility
    s(15, 3),    // rook mobility
    s(5, -1),    // queen mobility
    s(0, 0),     // passed pawn on rank 1
    s(-8, 25),   // passed pawn on rank 2
    s(13, 35),   // passed pawn on rank 3
    s(13, 49),   // passed pawn on rank 4
    s(-3, 43),   // passed pawn on rank 5
    s(0, 0),     // passed pawn on rank 6
    s(-21, -49), // doubled pawn
    s(-17, 1),   // isolated pawn
    s(-4, -14),  // supported pawn
    s(-7, -7),   // knight attacks the king's zone
    s(0, -2),    // rook attacks the king's zone
    s(6, 15),    // queen attacks the king's zone
    s(22, -18),  // pawn shielding the king
    s(18, 6),    // rook on an open file
    s(14, 12),   // rook on a half-open file
    s(17, 1),    // side to move
];
